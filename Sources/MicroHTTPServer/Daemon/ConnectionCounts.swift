import Synchronization

/// Open connections per peer address, for the per-client connection limit.
///
/// libmicrohttpd's own per-IP limit cannot exempt anyone, so behind a reverse proxy it
/// would cap the whole household at the proxy's share. Here the accept policy refuses
/// a peer already at its limit unless it is a trusted proxy; the proxy's clients are
/// then limited per forwarded address, request by request (`requestStarted`).
/// Connections are counted when MHD starts them and uncounted when it closes them, so
/// nothing leaks when MHD drops a socket between the policy and the start; sockets
/// accepted on several threads at the same instant may pass the limit by at most the
/// number of threads.
final class ConnectionCounts: Sendable {
    let limit: Int
    let trustedProxies: [IPAddressRange]
    private let connections = Mutex<[String: Int]>([:])
    private let forwardedRequests = Mutex<[String: Int]>([:])

    init(limit: Int, trustedProxies: [IPAddressRange]) {
        self.limit = limit
        self.trustedProxies = trustedProxies
    }

    func isTrustedProxy(_ address: String) -> Bool {
        trustedProxies.contains { $0.contains(address) }
    }

    /// The accept policy: false when `address` already holds `limit` connections.
    func mayConnect(_ address: String) -> Bool {
        guard limit > 0, !isTrustedProxy(address) else { return true }
        return connections.withLock { ($0[address] ?? 0) < limit }
    }

    func connectionStarted(_ address: String) {
        connections.withLock { $0[address, default: 0] += 1 }
    }

    func connectionClosed(_ address: String) {
        connections.withLock { Self.decrement(&$0, address) }
    }

    /// Counts a request a trusted proxy forwarded for `client`; false (and not counted)
    /// when that client already has `limit` requests open.
    func requestStarted(forwardedFor client: String) -> Bool {
        guard limit > 0 else { return true }
        return forwardedRequests.withLock { counts in
            guard (counts[client] ?? 0) < limit else { return false }
            counts[client, default: 0] += 1
            return true
        }
    }

    func requestEnded(forwardedFor client: String) {
        forwardedRequests.withLock { Self.decrement(&$0, client) }
    }

    /// One less for `key`, forgetting keys that reach zero so the maps stay small.
    private static func decrement(_ counts: inout [String: Int], _ key: String) {
        let remaining = (counts[key] ?? 1) - 1
        counts[key] = remaining > 0 ? remaining : nil
    }
}
