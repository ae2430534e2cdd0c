import Glibc

/// The process's limit on open files (RLIMIT_NOFILE), which bounds how many
/// connections the server can hold.
///
/// Debian starts processes with a soft limit of 1024 and a far higher hard limit; a
/// server sized for a LAN full of devices needs thousands of sockets, so it raises the
/// soft limit to the hard one (which needs no privilege) and sizes its connection
/// limit below that.
enum FileLimit {
    /// Raises the soft limit to the hard limit if it can and returns the soft limit now
    /// (`Int.max` for unlimited: RLIM_INFINITY is all ones).
    static func raiseToHardLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return Int.max }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur == rlim_t.max ? Int.max : Int(clamping: limit.rlim_cur)
    }

    /// The hard limit (what the soft limit can be raised to without privilege);
    /// `Int.max` for unlimited or unknown.
    static func hardLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_max != rlim_t.max else { return Int.max }
        return Int(clamping: limit.rlim_max)
    }

    /// Most connections the default limit ever allows, however high the file limit: each
    /// connection can pin `connectionMemoryLimit` (32 KiB) of libmicrohttpd's memory, so
    /// 16,384 connections are at most 512 MiB, while 10,000 kept-alive clients still fit.
    static let defaultConnectionCap = 16_384

    /// The connection limit when none is configured: as many as fit below the hard file
    /// limit (which `raiseToHardLimit` makes the soft one), at most `defaultConnectionCap`.
    /// With Debian's usual hard limits (524,288 under systemd, 1,048,576 in a shell or a
    /// container) that is the cap; with a hard limit of 1,024 it is 843.
    static func defaultConnectionLimit(hardLimit: Int = hardLimit()) -> Int {
        min(defaultConnectionCap, largestConnectionLimit(within: hardLimit))
    }

    /// Descriptors kept free for everything but client connections (database, spool
    /// files, outgoing requests, photo work, the at most 32 cached photos held open for
    /// sending, `MediaCache.defaultAttachmentLimit`): an eighth of the limit, at least 128.
    static func headroom(for fileLimit: Int) -> Int { max(128, fileLimit / 8) }

    /// The largest connection limit whose daemon limit (with its closing slack) and the
    /// headroom fit in `fileLimit`.
    static func largestConnectionLimit(within fileLimit: Int) -> Int {
        guard fileLimit < Int.max / 2 else { return Int.max }
        let usable = fileLimit - headroom(for: fileLimit)
        // daemon limit = limit + max(16, limit / 16) ≤ usable
        var limit = max(1, usable * 16 / 17)
        while limit > 1, limit + HTTPServerConfiguration.closingSlack(limit) > usable { limit -= 1 }
        return limit
    }
}
