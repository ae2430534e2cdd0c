package import FoundationEssentials
package import OAuthClient

/// Where OAuth sessions' grants are kept, durably, by session key: the tokens and the
/// session's DPoP private key. Every renewed grant is saved before it is used, so the
/// refresh token on disk is always the unspent one.
package protocol OAuthGrantStore: Sendable {
    func save(_ grant: OAuthGrant, sessionKey: String) async throws
    func grant(sessionKey: String) async throws -> OAuthGrant?
    func delete(sessionKey: String) async throws
    /// Every stored session key, for housekeeping (removing grants of ended sessions).
    func sessionKeys() async throws -> [String]
    /// When the grant of `sessionKey` was last saved; nil when there is none.
    func savedAt(sessionKey: String) async -> Date?
}

extension OAuthGrantStore {
    /// The client keys the stored grants were obtained with: what must stay published.
    package func clientKeyIDsInUse() async throws -> Set<String> {
        var used: Set<String> = []
        for key in try await sessionKeys() {
            if let grant = try await grant(sessionKey: key) { used.insert(grant.clientKeyID) }
        }
        return used
    }
}
