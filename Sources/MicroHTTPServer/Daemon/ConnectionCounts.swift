import Synchronization

/// Open requests per forwarded client, for the per-client limit behind a reverse proxy.
///
/// A trusted proxy's connections are exempt from the per-client connection share (it
/// carries the whole household), so its clients are limited per forwarded address
/// instead, request by request (`requestStarted`). Direct peers are counted per
/// connection by `ConnectionSlots`.
final class ConnectionCounts: Sendable {
    let limit: Int
    let trustedProxies: [IPAddressRange]
    private let forwardedRequests = Mutex<[String: Int]>([:])

    init(limit: Int, trustedProxies: [IPAddressRange]) {
        self.limit = limit
        self.trustedProxies = trustedProxies
    }

    func isTrustedProxy(_ address: String) -> Bool {
        trustedProxies.contains { $0.contains(address) }
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
        forwardedRequests.withLock { counts in
            let remaining = (counts[client] ?? 1) - 1
            counts[client] = remaining > 0 ? remaining : nil
        }
    }
}
