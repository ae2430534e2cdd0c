import Synchronization

/// The disk space all spilled request bodies together may take, shared fairly.
///
/// Space is taken as body bytes actually reach the disk, not at the length a head
/// declares: 26 connections that each declared 1 GiB and then sent a byte every 20 s
/// once held the whole budget and every other upload got 503. Each client address and
/// each account (the session the upload comes with) may hold at most `share` bytes,
/// a quarter of the limit or the largest single body, whichever is larger, so one
/// client cannot take it all. Space is returned when the request completes; the bytes
/// on disk never pass the limit however many bodies arrive at once.
final class SpoolBudget: Sendable {
    /// Who a spilled body belongs to: the connection's client address and, for routes
    /// that need one, the account its session cookie names.
    struct Holder: Sendable, Equatable {
        var address: String
        var account: String?
    }

    let limit: Int
    /// Most bytes one address or one account may hold.
    let share: Int
    private let usage = Mutex(Usage())

    private struct Usage {
        var total = 0
        var byAddress: [String: Int] = [:]
        var byAccount: [String: Int] = [:]
    }

    /// - Parameter largestBody: the biggest body the server accepts; a share is never
    ///   smaller, so one client can always send one whole upload.
    init(limit: Int, largestBody: Int = 0, shareDivisor: Int = 4) {
        self.limit = limit
        self.share = min(limit, max(limit / max(1, shareDivisor), largestBody))
    }

    /// Whether `bytes` more would fit for `holder` now (the head's check, which takes
    /// nothing: a body that could never fit is refused before a byte is read).
    func wouldFit(_ bytes: Int, for holder: Holder) -> Bool {
        usage.withLock { Self.fits(bytes, holder, in: $0, limit: limit, share: share) }
    }

    /// Takes `bytes` for `holder` if they fit in the budget and in both of its shares;
    /// false (and nothing taken) if not.
    func reserve(_ bytes: Int, for holder: Holder) -> Bool {
        usage.withLock { usage in
            guard Self.fits(bytes, holder, in: usage, limit: limit, share: share) else { return false }
            usage.total += bytes
            usage.byAddress[holder.address, default: 0] += bytes
            if let account = holder.account { usage.byAccount[account, default: 0] += bytes }
            return true
        }
    }

    func release(_ bytes: Int, for holder: Holder) {
        guard bytes > 0 else { return }
        usage.withLock { usage in
            usage.total -= bytes
            Self.subtract(bytes, from: &usage.byAddress, holder.address)
            if let account = holder.account { Self.subtract(bytes, from: &usage.byAccount, account) }
        }
    }

    /// Bytes reserved now (for tests and diagnostics).
    var reserved: Int { usage.withLock { $0.total } }

    private static func fits(_ bytes: Int, _ holder: Holder, in usage: Usage, limit: Int, share: Int) -> Bool {
        guard bytes <= limit - usage.total, bytes <= share - usage.byAddress[holder.address, default: 0] else { return false }
        guard let account = holder.account else { return true }
        return bytes <= share - usage.byAccount[account, default: 0]
    }

    /// Lowers `key`'s count, forgetting keys that reach zero so the maps stay small.
    private static func subtract(_ bytes: Int, from counts: inout [String: Int], _ key: String) {
        let remaining = counts[key, default: 0] - bytes
        counts[key] = remaining > 0 ? remaining : nil
    }
}
