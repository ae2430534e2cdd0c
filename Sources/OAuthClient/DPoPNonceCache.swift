import Synchronization

/// The latest `DPoP-Nonce` each server gave each session's key: nonces are per server
/// (an authorization server's is not a PDS's) and kept per session (keyed by the DPoP
/// key's thumbprint), so one session's stale nonce never spoils another's request.
///
/// Shared by every request of the process; bounded, since a nonce lost only costs one
/// `use_dpop_nonce` retry.
package final class DPoPNonceCache: Sendable {
    private let nonces = Mutex<[String: String]>([:])
    private let limit: Int

    package init(limit: Int = 4096) { self.limit = limit }

    /// The nonce for requests signed by the key `jkt` to `origin`, if one is known.
    package func nonce(jkt: String, origin: String) -> String? {
        nonces.withLock { $0[jkt + " " + origin] }
    }

    /// Keeps `nonce` as the newest for `jkt` and `origin`.
    package func remember(_ nonce: String, jkt: String, origin: String) {
        nonces.withLock { nonces in
            if nonces.count >= limit { nonces.removeAll() }
            nonces[jkt + " " + origin] = nonce
        }
    }
}
