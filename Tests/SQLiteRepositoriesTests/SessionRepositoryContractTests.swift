import ATProto
import ATProtoTestKit
import Accounts
import AppTestKit
import Foundation
import GrainStoriesWeb
import GrainSupport
import OAuthClient
import Testing

/// `SessionRepository`'s contract, on every adapter: sessions belong to a DID *and* a
/// PDS, the most recently used one wins, the idle cutoff leaves out and deletes exactly
/// the sessions last used before it, and a session's kind and cookie come back as stored.
@Suite struct SessionRepositoryContractTests {
    let alice: DID = "did:plc:alice33333333333333333333"
    let bob: DID = "did:plc:bob3333333333333333333333"
    let start = Date(timeIntervalSince1970: 1_788_544_800)

    func session(_ idHash: String, _ did: DID, on pdsURL: String, handle: String? = nil, token: String = "access") -> AccountSession {
        let handle = handle.flatMap { Handle(exactly: $0) }
        return AccountSession(
            idHash: idHash, did: did, handle: handle, displayName: nil, pdsURL: pdsURL,
            tokens: PDSSession(did: did, handle: handle, accessToken: Secret(token), refreshToken: Secret("refresh-\(token)")))
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func theLatestSessionIsTheAccountsMostRecentlyUsedOneOnThatPDSOnly(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let sessions = repositories.sessions
            try await sessions.insert(session("a-old", alice, on: "https://a.example"), at: start)
            try await sessions.insert(session("a-new", alice, on: "https://a.example"), at: start.addingTimeInterval(50))
            try await sessions.insert(session("b-newest", alice, on: "https://b.example"), at: start.addingTimeInterval(100))
            try await sessions.insert(session("bob", bob, on: "https://a.example"), at: start.addingTimeInterval(200))

            #expect(try await sessions.latest(for: alice, on: "https://a.example")?.idHash == "a-new", "never the newer session on another PDS")
            #expect(try await sessions.latest(for: alice, on: "https://c.example") == nil)
            #expect(try await sessions.newest(of: alice)?.idHash == "b-newest")
            try await sessions.touch(idHash: "a-old", at: start.addingTimeInterval(300))
            #expect(try await sessions.latest(for: alice, on: "https://a.example")?.idHash == "a-old", "using a session makes it the latest")
        }
    }

    /// How a session was signed in and under which cookie name it was issued decide how
    /// it may act and where it is read from: both survive storing, and a token update.
    @Test(arguments: RepositoryAdapter.allCases)
    func aSessionsKindAndCookieComeBackAsStored(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let sessions = repositories.sessions
            let scope = OAuthScope("atproto repo:social.grain.comment?action=create")
            var oauth = session("oauth", alice, on: "https://a.example")
            oauth.kind = .oauth(granted: scope)
            oauth.issuedAsHostCookie = true
            try await sessions.insert(oauth, at: start)
            try await sessions.insert(session("plain", bob, on: "https://a.example"), at: start)
            try await sessions.updateTokens(idHash: "oauth", PDSSession(did: alice, handle: nil, accessToken: Secret(""), refreshToken: Secret("")))
            let found = try await sessions.sessions(withIDHashes: ["oauth", "plain"], usedSince: start).map(\.session)
            let stored = try #require(found.first { $0.idHash == "oauth" })
            #expect(stored.kind == .oauth(granted: scope))
            #expect(stored.issuedAsHostCookie)
            #expect(found.first { $0.idHash == "plain" }.map { !$0.issuedAsHostCookie && $0.kind == .appPassword } == true)
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func sessionsUsedBeforeTheCutoffAreLeftOutAndDeletedAndNoOthers(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let sessions = repositories.sessions
            try await sessions.insert(session("stale", alice, on: "https://a.example"), at: start)
            try await sessions.insert(session("edge", alice, on: "https://a.example"), at: start.addingTimeInterval(100))
            try await sessions.insert(session("fresh", bob, on: "https://a.example"), at: start.addingTimeInterval(200))
            let cutoff = start.addingTimeInterval(100.6)  // whole seconds: "edge" was used at the cutoff's second

            let found = try await sessions.sessions(withIDHashes: ["stale", "edge", "fresh", "unknown"], usedSince: cutoff)
            #expect(Set(found.map(\.session.idHash)) == ["edge", "fresh"])
            #expect(found.first { $0.session.idHash == "fresh" }?.lastUsed == start.addingTimeInterval(200))
            #expect(try await sessions.sessions(withIDHashes: ["fresh"], usedSince: cutoff).map(\.session.idHash) == ["fresh"], "only those asked for")

            try await sessions.deleteUnused(before: cutoff)
            #expect(try await sessions.accountsByIDHash() == ["edge": alice, "fresh": bob])
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func aSessionReadsBackAsStoredAndTakesNewTokensAndHandle(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let sessions = repositories.sessions
            let stored = session("one", alice, on: "https://a.example", handle: "alice.test")
            try await sessions.insert(stored, at: start)
            #expect(try await sessions.latest(for: alice, on: "https://a.example") == stored)
            await #expect(throws: (any Error).self, "an id hash is stored once") {
                try await sessions.insert(session("one", bob, on: "https://a.example"), at: start)
            }

            try await sessions.updateTokens(idHash: "one", PDSSession(did: alice, handle: nil, accessToken: Secret("new"), refreshToken: Secret("new-refresh")))
            let updated = try #require(try await sessions.latest(for: alice, on: "https://a.example"))
            #expect(updated.handle == nil && updated.tokens.handle == nil)
            #expect(updated.tokens.accessToken.revealed == "new" && updated.tokens.refreshToken.revealed == "new-refresh")
            #expect(updated.did == alice && updated.pdsURL == "https://a.example")

            try await sessions.delete(idHash: "one")
            #expect(try await sessions.accountsByIDHash().isEmpty)
        }
    }
}
