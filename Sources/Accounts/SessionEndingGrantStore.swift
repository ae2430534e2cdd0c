import FoundationEssentials
import OAuthClient

/// The grant store as an OAuth session's authorizer sees it: removing a grant (its
/// refresh was refused, or the person signed out) also ends the session row, so the
/// account menu stops showing an account that can no longer act, as an app password's
/// refused refresh does.
struct SessionEndingGrantStore: OAuthGrantStore {
    let grants: any OAuthGrantStore
    let sessions: SessionStore

    func save(_ grant: OAuthGrant, sessionKey: String) async throws { try await grants.save(grant, sessionKey: sessionKey) }

    func grant(sessionKey: String) async throws -> OAuthGrant? { try await grants.grant(sessionKey: sessionKey) }

    func delete(sessionKey: String) async throws {
        try await grants.delete(sessionKey: sessionKey)
        try await sessions.delete(idHash: sessionKey)
    }

    func sessionKeys() async throws -> [String] { try await grants.sessionKeys() }

    func savedAt(sessionKey: String) async -> Date? { await grants.savedAt(sessionKey: sessionKey) }
}
