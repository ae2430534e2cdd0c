import Synchronization

/// The disk space all spilled request bodies together may take, shared fairly.
///
/// Space is taken as body bytes actually reach the disk, not at the length a head
/// declares: 26 connections that each declared 1 GiB and then sent a byte every 20 s
/// once held the whole budget and every other upload got 503. Each client (an address,
/// or the /64 of an IPv6 one: `ClientAddressKey`) and each account (the session the
/// upload comes with) may hold at most `share` bytes, a quarter of the limit or the
/// largest single body, whichever is larger, so one client cannot take it all.
///
/// Shares alone let four clients take everything (four accounts on four addresses
/// kept a fifth's photo at 503 for minutes), so the last `reserve` bytes are kept for
/// newcomers: past `limit - reserve`, a sender may take space only while it would then
/// hold no more than stays free. Those already holding much cannot enter the reserve at
/// all, and each newcomer can take at most half of what is left of it, so no set of
/// senders empties it: whoever holds nothing can still send a photo of up to half the
/// free space. Space is returned when the request completes; the bytes on disk never
/// pass the limit however many bodies arrive at once.
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
    /// The last bytes of `limit`, which only senders holding less than what stays free
    /// may take (see above).
    let reserve: Int
    private let usage = Mutex(Usage())

    private struct Usage {
        var total = 0
        var byAddress: [String: Int] = [:]
        var byAccount: [String: Int] = [:]
    }

    /// - Parameters:
    ///   - largestBody: the biggest body the server accepts; a share is never smaller,
    ///     so one client can always send one whole upload.
    ///   - reserve: the newcomers' part; nil for `defaultReserve`.
    init(limit: Int, largestBody: Int = 0, shareDivisor: Int = 4, reserve: Int? = nil) {
        self.limit = limit
        self.share = min(limit, max(limit / max(1, shareDivisor), largestBody))
        self.reserve = min(max(0, reserve ?? Self.defaultReserve(limit: limit, largestBody: largestBody)), limit)
    }

    /// An eighth of the limit, or two of the largest bodies if that is more (a newcomer
    /// may take half of the reserve, so one whole upload fits), but never more than half
    /// of the limit, nor so much that one largest body no longer fits beside it (a budget
    /// too small for that keeps no reserve: one whole upload must always fit).
    static func defaultReserve(limit: Int, largestBody: Int) -> Int {
        max(0, min(limit / 2, limit - largestBody, max(limit / 8, largestBody > Int.max / 2 ? Int.max : largestBody * 2)))
    }

    /// Whether `bytes` more would fit for `holder` now (the head's check, which takes
    /// nothing: a body that could never fit is refused before a byte is read).
    func wouldFit(_ bytes: Int, for holder: Holder) -> Bool {
        let holder = Self.keyed(holder)
        return usage.withLock { Self.fits(bytes, holder, in: $0, limit: limit, share: share, reserve: reserve) }
    }

    /// Takes `bytes` for `holder` if they fit in the budget and in both of its shares;
    /// false (and nothing taken) if not.
    func reserve(_ bytes: Int, for holder: Holder) -> Bool {
        let holder = Self.keyed(holder)
        return usage.withLock { usage in
            guard Self.fits(bytes, holder, in: usage, limit: limit, share: share, reserve: reserve) else { return false }
            usage.total += bytes
            usage.byAddress[holder.address, default: 0] += bytes
            if let account = holder.account { usage.byAccount[account, default: 0] += bytes }
            return true
        }
    }

    func release(_ bytes: Int, for holder: Holder) {
        guard bytes > 0 else { return }
        let holder = Self.keyed(holder)
        usage.withLock { usage in
            usage.total -= bytes
            Self.subtract(bytes, from: &usage.byAddress, holder.address)
            if let account = holder.account { Self.subtract(bytes, from: &usage.byAccount, account) }
        }
    }

    /// Bytes reserved now (for tests and diagnostics).
    var reserved: Int { usage.withLock { $0.total } }

    /// `holder` with its address as the key it is counted under.
    private static func keyed(_ holder: Holder) -> Holder {
        Holder(address: ClientAddressKey.key(for: holder.address), account: holder.account)
    }

    private static func fits(_ bytes: Int, _ holder: Holder, in usage: Usage, limit: Int, share: Int, reserve: Int) -> Bool {
        guard bytes >= 0, bytes <= limit - usage.total else { return false }
        let byAddress = usage.byAddress[holder.address, default: 0] + bytes
        let byAccount = holder.account.map { usage.byAccount[$0, default: 0] + bytes } ?? 0
        guard byAddress <= share, byAccount <= share else { return false }
        let free = limit - usage.total - bytes
        // Inside the reserve: only while the holder would hold no more than stays free.
        return free >= reserve || max(byAddress, byAccount) <= free
    }

    /// Lowers `key`'s count, forgetting keys that reach zero so the maps stay small.
    private static func subtract(_ bytes: Int, from counts: inout [String: Int], _ key: String) {
        let remaining = counts[key, default: 0] - bytes
        counts[key] = remaining > 0 ? remaining : nil
    }
}
