import ATProto
import ATProtoTestKit
import CurlHTTPClient
import Foundation
import GrainSupport
import HTTPTestKit
import OAuthClient
import SQLiteRepositories
import Synchronization
import TestKit
import Testing

@testable import Accounts
@testable import Posting

/// An app-password session as a `PDSAuthorizer`: expiry read from the whole answer (the
/// reference PDS's 400 `ExpiredToken`, a 401 with a Bearer `invalid_token` challenge),
/// one refresh per session, the new tokens stored and sent, and a second refusal after
/// a refresh ending the session. The PDS is a scripted server on a real socket.
@Suite struct AppPasswordAuthorizerTests {
    static let did: DID = "did:plc:alice11111111111111111111"
    static let created = #"{"uri":"at://did:plc:alice11111111111111111111/app.bsky.feed.post/3mabcdefghijk","cid":"bafyrecord"}"#
    static let refreshed = #"{"did":"did:plc:alice11111111111111111111","handle":"alice.test","accessJwt":"new-access","refreshJwt":"new-refresh"}"#

    /// Vouches for every session on the PDS it is asked about.
    struct TrustingVerifier: AccountVerifying {
        func verify(did: DID, handle: Handle?, pdsURL: String) async throws(IdentityError) -> VerifiedAccount {
            VerifiedAccount(did: did, handle: handle, pdsURL: pdsURL, vouchedForByOperator: false)
        }
    }

    static func answer(_ status: Int, _ body: String, _ headers: [(String, String)] = []) -> XRPCAnswer {
        XRPCAnswer(status: status, headers: HTTPHeaders(headers), body: Array(body.utf8))
    }

    static func json(_ status: Int, _ body: String, _ headers: [(String, String)] = []) -> ScriptedHTTPServer.Action {
        .respond(ScriptedHTTPServer.Response(status: status, headers: headers + [("Content-Type", "application/json")], payload: .bytes(Array(body.utf8))))
    }

    /// What a PDS that speaks RFC 6750 answers for an expired token.
    static let bearerRefusal = json(
        401, #"{"error":"AuthenticationRequired","message":"Token has expired"}"#,
        [
            ("WWW-Authenticate", #"Bearer error="invalid_token", error_description="Token has expired""#)
        ])

    @Test func expiryIsReadFromTheErrorNameOrTheChallenge() {
        let expired: [XRPCAnswer] = [
            Self.answer(400, #"{"error":"ExpiredToken","message":"Token has expired"}"#),
            Self.answer(400, #"{"error":"InvalidToken"}"#),
            Self.answer(401, ""),
            Self.answer(401, #"{"error":"AuthenticationRequired"}"#, [("WWW-Authenticate", #"Bearer error="invalid_token""#)]),
            Self.answer(401, #"{"error":"AuthenticationRequired"}"#, [("WWW-Authenticate", #"DPoP algs="ES256", Bearer error=invalid_token"#)]),
        ]
        let notExpired: [XRPCAnswer] = [
            Self.answer(200, Self.created),
            Self.answer(401, #"{"error":"AuthMissing"}"#),
            Self.answer(401, #"{"error":"AuthenticationRequired"}"#, [("WWW-Authenticate", #"DPoP error="invalid_token""#)]),
            Self.answer(401, #"{"error":"AuthenticationRequired"}"#, [("WWW-Authenticate", #"Bearer error="insufficient_scope""#)]),
            Self.answer(400, #"{"error":"InvalidRequest","message":"Could not find repo"}"#),
            Self.answer(500, #"{"error":"InternalServerError"}"#),
        ]
        #expect(expired.filter { !AppPasswordAuthorizer.isExpired($0) }.map(\.status) == [])
        #expect(notExpired.filter { AppPasswordAuthorizer.isExpired($0) }.map(\.status) == [])
    }

    /// Runs `body` with a signed-in account (tokens `old-access`/`old-refresh`) whose PDS
    /// is a scripted server answering with `script`; returns what `body` returns.
    static func withAccount<T>(
        kind: SessionKind = .appPassword, verifier: any AccountVerifying = TrustingVerifier(),
        script: @escaping @Sendable (ScriptedHTTPServer.Request) -> ScriptedHTTPServer.Action,
        _ body: (AuthorizedPDS, AccountSession, ScriptedHTTPServer) async throws -> T
    ) async throws -> T {
        let server = try ScriptedHTTPServer(script)
        let directory = ProjectPaths.temporaryDirectory("app-password-authorizer")
        let database = try await AppDatabase.open(at: directory + "/grainstories.sqlite3")
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])
        let sessions = SessionStore(repository: SQLiteSessionRepository(database: database), now: { Date() })
        let result: Result<T, any Error>
        do {
            let id = try await sessions.create(
                PDSSession(did: did, handle: "alice.test", accessToken: Secret("old-access"), refreshToken: Secret("old-refresh")),
                pdsURL: server.baseURL, displayName: nil, kind: kind)
            let account = try #require(try await sessions.find(cookieValue: id))
            let pds = AuthorizedPDS(sessions: sessions, connector: CurlPDSConnector(http: http), verifier: verifier)
            result = .success(try await body(pds, account, server))
        } catch {
            result = .failure(error)
        }
        await http.shutdown()
        server.stop()
        await database.close()
        try? FileManager.default.removeItem(atPath: directory)
        return try result.get()
    }

    static func create(_ pds: AuthorizedPDS, _ account: AccountSession) async throws(PDSCallFailure) -> RecordRef {
        try await pds.client(for: account).createRecord(repo: did, collection: FeedPostRecord.collection, rkey: "3mabcdefghijk", record: ["text": "hi"])
    }

    /// An OAuth session read back from the database keeps its kind and granted scope;
    /// on a server whose operator has turned OAuth off it is signed out at once, and
    /// nothing reaches its PDS (there is no key to prove the token with).
    @Test func anOAuthSessionWithOAuthTurnedOffIsSignedOutWithoutSendingAnything() async throws {
        let scope = OAuthScope("atproto repo:social.grain.story?action=create")
        try await Self.withAccount(kind: .oauth(granted: scope), script: { _ in Self.json(200, Self.created) }) { pds, account, server in
            #expect(account.kind == .oauth(granted: scope), "the kind and scope come back from the database")
            do throws(PDSCallFailure) {
                _ = try await Self.create(pds, account)
                Issue.record("an OAuth session without OAuth acted")
            } catch {
                guard case .signedOut = error else {
                    Issue.record("expected signed out, got \(error)")
                    return
                }
            }
            #expect(server.requests.isEmpty)
        }
    }

    @Test func aBearerChallengeGetsTheSessionRefreshedOnceAndTheNewTokensStoredAndSent() async throws {
        try await Self.withAccount(script: { request in
            switch (request.path, request.header("Authorization")) {
            case ("/xrpc/com.atproto.server.refreshSession", "Bearer old-refresh"): Self.json(200, Self.refreshed)
            case ("/xrpc/com.atproto.repo.createRecord", "Bearer new-access"): Self.json(200, Self.created)
            default: Self.bearerRefusal
            }
        }) { pds, account, server in
            _ = try await Self.create(pds, account)
            #expect(
                server.requests.map { "\($0.path) \($0.header("Authorization") ?? "-")" } == [
                    "/xrpc/com.atproto.repo.createRecord Bearer old-access",
                    "/xrpc/com.atproto.server.refreshSession Bearer old-refresh",
                    "/xrpc/com.atproto.repo.createRecord Bearer new-access",
                ])
            let stored = try #require(try await pds.sessions.latest(for: Self.did, on: server.baseURL))
            #expect(stored.tokens.accessToken == Secret("new-access"))
            #expect(stored.tokens.refreshToken == Secret("new-refresh"))

            // A caller still holding the account as it was read before sends the new token.
            _ = try await Self.create(pds, account)
            #expect(server.requests.last?.header("Authorization") == "Bearer new-access")
            #expect(server.requests.count == 4)
        }
    }

    @Test func aTokenRefusedAgainAfterTheRefreshEndsTheCallSignedOut() async throws {
        try await Self.withAccount(script: { request in
            request.path.hasSuffix("refreshSession") ? Self.json(200, Self.refreshed) : Self.bearerRefusal
        }) { pds, account, server in
            let failure = await #expect(throws: PDSCallFailure.self) { try await Self.create(pds, account) }
            guard case .signedOut? = failure else {
                Issue.record("expected signed out, got \(String(describing: failure))")
                return
            }
            #expect(
                server.requests.map(\.path) == [
                    "/xrpc/com.atproto.repo.createRecord", "/xrpc/com.atproto.server.refreshSession", "/xrpc/com.atproto.repo.createRecord",
                ])
        }
    }

    @Test func aRefreshForATokenAlreadyRenewedSendsNoSpentRefreshToken() async throws {
        let refresher = AppPasswordAuthorizer.Refresher()
        let old = PDSSession(did: Self.did, handle: nil, accessToken: Secret("a1"), refreshToken: Secret("r1"))
        let new = PDSSession(did: Self.did, handle: nil, accessToken: Secret("a2"), refreshToken: Secret("r2"))
        let used = Mutex<[Secret]>([])
        let first = await refresher.refresh("k", rejected: Secret("a1"), fallback: old) { current in
            used.withLock { $0.append(current.refreshToken) }
            return .success(new)
        }
        #expect(try first.get() == new)
        // A call that sent `a1` before the refresh above learns the outcome without refreshing.
        let late = await refresher.refresh("k", rejected: Secret("a1"), fallback: old) { current in
            used.withLock { $0.append(current.refreshToken) }
            return .failure(.signedOut)
        }
        #expect(try late.get() == new)
        // The new token refused in turn is refreshed with the new refresh token.
        _ = await refresher.refresh("k", rejected: Secret("a2"), fallback: old) { current in
            used.withLock { $0.append(current.refreshToken) }
            return .success(old)
        }
        #expect(used.withLock { $0 } == [Secret("r1"), Secret("r2")])
    }

    // MARK: The account checked again at the refresh

    /// Answers `verify` as the account's identity now stands: `outcome` given the handle
    /// asked about (nil: none).
    struct ScriptedVerifier: AccountVerifying {
        let outcome: @Sendable (Handle?) -> IdentityError?

        func verify(did: DID, handle: Handle?, pdsURL: String) async throws(IdentityError) -> VerifiedAccount {
            if let error = outcome(handle) { throw error }
            return VerifiedAccount(did: did, handle: handle, pdsURL: pdsURL, vouchedForByOperator: false)
        }
    }

    /// A PDS whose first token has expired, which renews it (reporting `alice.test`) and
    /// then accepts the new one.
    static let renewingPDS: @Sendable (ScriptedHTTPServer.Request) -> ScriptedHTTPServer.Action = { request in
        switch (request.path, request.header("Authorization")) {
        case ("/xrpc/com.atproto.server.refreshSession", "Bearer old-refresh"): Self.json(200, Self.refreshed)
        case ("/xrpc/com.atproto.repo.createRecord", "Bearer new-access"): Self.json(200, Self.created)
        default: Self.bearerRefusal
        }
    }

    /// The handle the refreshed session reports is checked both ways again: one that
    /// still checks out is kept, one that no longer does is dropped (the account is shown
    /// by its DID) and the call goes on.
    @Test(arguments: [true, false])
    func theHandleIsCheckedBothWaysAgainAtTheRefresh(stillChecksOut: Bool) async throws {
        let verifier = ScriptedVerifier { handle in
            guard let handle, !stillChecksOut else { return nil }
            return .handleMismatch(handle: handle.rawValue, did: Self.did.rawValue)
        }
        try await Self.withAccount(verifier: verifier, script: Self.renewingPDS) { pds, account, server in
            _ = try await Self.create(pds, account)
            let stored = try #require(try await pds.sessions.latest(for: Self.did, on: server.baseURL))
            #expect(stored.handle == (stillChecksOut ? Handle("alice.test") : nil))
            #expect(stored.tokens.accessToken == Secret("new-access"))
            #expect(server.requests.filter { $0.path.hasSuffix("createRecord") }.count == 2, "the call went on")
        }
    }

    /// The account's document names another PDS now (or none): the refresh ends the
    /// session, and the call that needed it is not sent again.
    @Test(arguments: [
        IdentityError.pdsMismatch(did: "did:plc:alice11111111111111111111", documentPDS: "https://elsewhere.example"),
        IdentityError.didNotFound("did:plc:alice11111111111111111111"),
    ])
    func anAccountThatMovedIsSignedOutAtTheRefresh(reason: IdentityError) async throws {
        try await Self.withAccount(verifier: ScriptedVerifier { _ in reason }, script: Self.renewingPDS) { pds, account, server in
            let failure = await #expect(throws: PDSCallFailure.self) { try await Self.create(pds, account) }
            guard case .signedOut? = failure else {
                Issue.record("expected signed out, got \(String(describing: failure))")
                return
            }
            #expect(server.requests.map(\.path) == ["/xrpc/com.atproto.repo.createRecord", "/xrpc/com.atproto.server.refreshSession"])
            let left = try await pds.sessions.latest(for: Self.did, on: server.baseURL)
            #expect(left == nil)
        }
    }

    /// While the directory cannot be reached the refresh waits (retried later), with the
    /// renewed tokens kept, since the old refresh token is spent.
    @Test func whileTheDirectoryIsDownTheRefreshWaitsWithTheRenewedTokensKept() async throws {
        let down = ScriptedVerifier { _ in .unreachable(service: "The PLC directory", cause: .status(503)) }
        try await Self.withAccount(verifier: down, script: Self.renewingPDS) { pds, account, server in
            let failure = await #expect(throws: PDSCallFailure.self) { try await Self.create(pds, account) }
            guard case .identity(.unreachable)? = failure else {
                Issue.record("expected the identity unreachable, got \(String(describing: failure))")
                return
            }
            let stored = try #require(try await pds.sessions.latest(for: Self.did, on: server.baseURL))
            #expect(stored.tokens.refreshToken == Secret("new-refresh"))
            #expect(server.requests.filter { $0.path.hasSuffix("createRecord") }.count == 1, "nothing sent before the check")
        }
    }
}
