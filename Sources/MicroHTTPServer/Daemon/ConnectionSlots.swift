import Glibc
import Synchronization

/// Who holds the server's connection slots, and the rules for handing them out fairly.
///
/// Each open connection is an entry with its socket, its client (the address, or the
/// /64 network for IPv6, since one IPv6 host owns a whole /64) and, while it waits for a
/// request head (new, kept alive between requests, or trickling a head), since when.
/// Waiting connections cost the server nothing but a slot, so they are what gets given
/// back under pressure:
/// - a client at its share (`perClient`) may still connect by giving up its own oldest
///   waiting connection (oldest by when it was opened: when a request finished is
///   reported by MHD's threads in no fixed order, so it cannot rank connections), so 128 idle sockets from one home router do not lock out
///   everyone behind it;
/// - past `total - reserve` open connections, a new one from a client holding less than
///   half of what the biggest holder holds closes that holder's oldest waiting
///   connection; the last `reserve` slots go only to clients holding none, so `GET /`
///   from someone new is answered during a flood. A flooding client reconnecting what
///   was closed holds about as much as the others and is refused instead: giving it a
///   slot would only close another flood socket, and the churn of thousands of such
///   swaps kept newcomers waiting in the accept queue for seconds.
///
/// A connection counts from the moment it is admitted, on the accept thread, and not only
/// once a worker reports it started: a burst of connects is admitted far faster than the
/// workers take it up, and judging each by a table that lacked the ones before it let a
/// flood of 44 slow heads through a policy meant to stop at 24 (and then every place
/// below libmicrohttpd's hard limit was held, so nobody new was accepted at all). Until
/// its start is reported a connection is not waiting, so nothing shuts its socket down.
///
/// A waiting connection is closed by shutting its socket down; MHD then reads
/// end-of-stream and closes it. That, like the head deadline sweep, happens under the
/// same lock as `closed`, which MHD reports before closing the descriptor, so a
/// descriptor is never touched after MHD could have reused it.
final class ConnectionSlots: Sendable {
    /// The sizes the policy works with.
    struct Limits: Sendable {
        /// Most connections open at once (MHD's own limit sits a little above, for the
        /// connections given back but not yet closed).
        var total: Int
        /// Most connections from one client; 0 for no limit. Trusted proxies are exempt.
        var perClient: Int
        /// Slots kept for clients that hold none.
        var reserve: Int
    }

    private struct Entry {
        /// The connection's peer, which also carries since when it has waited for a
        /// head (nil while a request is in progress).
        let peer: CountedPeer
        let descriptor: Int32
        /// Its place in the order connections were opened (for "oldest").
        let sequence: UInt64
        /// When a 413 went out while the client was still sending (see `lingering`).
        var lingeringSince: ContinuousClock.Instant?

        var client: String { peer.client }
        var waitingSince: ContinuousClock.Instant? { peer.waitingSince }
    }

    private struct Table {
        var entries: [ObjectIdentifier: Entry] = [:]
        var perClient: [String: Int] = [:]
        var opened: UInt64 = 0
        /// Admitted connections whose start MHD has not reported yet, by socket.
        var starting: [Int32: CountedPeer] = [:]
    }

    /// What `admit` decided for one accepted socket.
    struct Admission {
        /// The connection's peer, counted from now on; nil when it was refused.
        let peer: CountedPeer?
        /// Connections given up on because their socket was accepted again before their
        /// start was reported: MHD closed them without a word (it could not allocate
        /// their memory pool), so nothing else will ever release their places.
        let abandoned: Int
    }

    let limits: Limits
    /// How long a connection may wait for a whole request head.
    let headTimeLimit: Duration
    /// How long a connection is read and drained after a 413 before it is closed anyway.
    let lingerTimeLimit: Duration
    let trustedProxies: [IPAddressRange]
    private let table = Mutex(Table())

    init(limits: Limits, headTimeLimit: Duration, lingerTimeLimit: Duration = .seconds(5), trustedProxies: [IPAddressRange]) {
        self.limits = limits
        self.headTimeLimit = headTimeLimit
        self.lingerTimeLimit = lingerTimeLimit
        self.trustedProxies = trustedProxies
    }

    /// The key a peer's connections are counted under: the address itself, or the /64
    /// network of an IPv6 address.
    static func client(of address: String) -> String {
        ClientAddressKey.key(for: address)
    }

    /// The accept policy, for a socket just accepted from `address`: whether it may be
    /// served, closing a waiting connection to make room when the rules above say so. An
    /// admitted connection counts at once; `started` then finds its peer by `descriptor`.
    func admit(_ address: String, descriptor: Int32) -> Admission {
        let peer = CountedPeer(address: address)
        let exempt = trustedProxies.contains { $0.contains(address) }
        return table.withLock { table in
            let abandoned = table.starting.removeValue(forKey: descriptor).map { Self.remove($0, from: &table) } ?? 0
            guard Self.allows(peer.client, exempt: exempt, limits: limits, in: &table) else { return Admission(peer: nil, abandoned: abandoned) }
            table.opened += 1
            table.entries[ObjectIdentifier(peer)] = Entry(peer: peer, descriptor: descriptor, sequence: table.opened)
            table.perClient[peer.client, default: 0] += 1
            table.starting[descriptor] = peer
            return Admission(peer: peer, abandoned: abandoned)
        }
    }

    /// MHD took up the connection on `descriptor`: from now it waits for its first head.
    /// Nil if no admitted connection has that socket (MHD added one the policy never saw).
    func started(descriptor: Int32) -> CountedPeer? {
        table.withLock { table in
            guard let peer = table.starting.removeValue(forKey: descriptor) else { return nil }
            peer.setWaiting(since: .now)
            return peer
        }
    }

    /// The rules of the type's comment, for a new connection of `client`.
    private static func allows(_ client: String, exempt: Bool, limits: Limits, in table: inout Table) -> Bool {
        let held = table.perClient[client, default: 0]
        if !exempt, limits.perClient > 0, held >= limits.perClient {
            return reclaim(in: &table, from: client)
        }
        if table.entries.count < limits.total - limits.reserve { return true }
        // A trusted proxy carries many clients: it may always take an idle slot.
        if reclaim(in: &table, from: nil, above: exempt ? 0 : held * 2) { return true }
        return (held == 0 || exempt) && table.entries.count < limits.total
    }

    /// Both marks touch only the peer (see `CountedPeer`), without the table's lock. A
    /// connection given back by `close` may still finish its request and be marked as
    /// waiting again, so a later sweep or reclaim may choose it once more (shutting a
    /// socket down twice does nothing); it did the same when these marks took the lock,
    /// only the order of the two was decided differently.
    func headArrived(_ peer: CountedPeer) {
        peer.setWaiting(since: nil)
    }

    func requestFinished(_ peer: CountedPeer) {
        peer.setWaiting(since: .now)
    }

    /// A 413 went out on `peer`'s connection while its client was still sending; what
    /// still arrives is drained for at most `lingerTimeLimit`, and meanwhile the
    /// connection is as disposable as an idle one.
    func lingering(_ peer: CountedPeer) {
        let key = ObjectIdentifier(peer)
        table.withLock { table in
            guard table.entries[key] != nil else { return }
            let now = ContinuousClock.now
            table.entries[key]?.lingeringSince = now
            peer.setWaiting(since: now)
        }
    }

    /// The connection is gone: MHD reported it closed, or refused it when it was handed over.
    func closed(_ peer: CountedPeer) {
        table.withLock { table in
            if let entry = table.entries[ObjectIdentifier(peer)], table.starting[entry.descriptor] === peer {
                table.starting[entry.descriptor] = nil
            }
            Self.remove(peer, from: &table)
        }
    }

    /// Uncounts `peer`'s connection; 1 if it was counted, else 0.
    @discardableResult
    private static func remove(_ peer: CountedPeer, from table: inout Table) -> Int {
        guard let entry = table.entries.removeValue(forKey: ObjectIdentifier(peer)) else { return 0 }
        let remaining = table.perClient[entry.client, default: 1] - 1
        table.perClient[entry.client] = remaining > 0 ? remaining : nil
        return 1
    }

    /// Connections open now (for tests and diagnostics).
    var count: Int { table.withLock { $0.entries.count } }

    /// Connections waiting for a request head now (for tests: MHD reports a finished
    /// request from its threads after the answer may already have reached the client).
    var waitingCount: Int { table.withLock { table in table.entries.values.count { $0.waitingSince != nil } } }

    /// Whether `peer`'s connection is waiting for a head and not given back (for tests).
    func isWaiting(_ peer: CountedPeer) -> Bool { table.withLock { $0.entries[ObjectIdentifier(peer)]?.waitingSince != nil } }

    /// Shuts down every connection whose head, or whose lingering after a 413, is overdue
    /// at `now`; returns how many.
    @discardableResult
    func sweep(now: ContinuousClock.Instant = .now) -> Int {
        table.withLock { table in
            var count = 0
            for (key, entry) in table.entries {
                let headOverdue = entry.waitingSince.map { now - $0 > headTimeLimit } ?? false
                let lingerOverdue = entry.lingeringSince.map { now - $0 > lingerTimeLimit } ?? false
                guard headOverdue || lingerOverdue else { continue }
                Self.close(key, in: &table)
                count += 1
            }
            return count
        }
    }

    /// Closes the oldest waiting connection of `client` or, when nil, of the client
    /// holding the most connections, if it holds more than `above`; false when there is
    /// none to close.
    private static func reclaim(in table: inout Table, from client: String?, above: Int = 0) -> Bool {
        var chosen: (key: ObjectIdentifier, held: Int, sequence: UInt64)?
        for (key, entry) in table.entries where entry.waitingSince != nil {
            if let client, entry.client != client { continue }
            let held = table.perClient[entry.client, default: 0]
            if let best = chosen, held < best.held || (held == best.held && entry.sequence >= best.sequence) { continue }
            chosen = (key, held, entry.sequence)
        }
        guard let chosen, chosen.held > above else { return false }
        close(chosen.key, in: &table)
        return true
    }

    /// Shuts the socket down (MHD closes it next); it no longer counts as waiting, so it
    /// is never chosen twice.
    private static func close(_ key: ObjectIdentifier, in table: inout Table) {
        guard let entry = table.entries[key] else { return }
        if entry.descriptor >= 0 { _ = Glibc.shutdown(entry.descriptor, Int32(SHUT_RDWR)) }
        entry.peer.setWaiting(since: nil)
        table.entries[key]?.lingeringSince = nil
    }
}
