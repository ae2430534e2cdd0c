import ATProto
import ATProtoTestKit
import CurlHTTPClient
import Foundation
import GrainSupport
import HTTPTestKit
import Synchronization
import TestKit
import Testing

/// A PDS connection bound to an authorizer, over a real socket: the authorizer's fields
/// go on each record call, the whole answer (status, challenge, nonce) reaches it, and
/// the connection retries as it decides, once per reason and never in a loop.
@Suite struct AuthorizedExchangeTests {
    static let repo: DID = "did:plc:alice11111111111111111111"
    static let created = #"{"uri":"at://did:plc:alice11111111111111111111/app.bsky.feed.post/3mabcdefghijk","cid":"bafyrecord"}"#

    /// A JSON answer.
    static func json(_ status: Int, _ body: String, _ headers: [(String, String)] = []) -> ScriptedHTTPServer.Action {
        .respond(ScriptedHTTPServer.Response(status: status, headers: headers + [("Content-Type", "application/json")], payload: .bytes(Array(body.utf8))))
    }

    /// The PDS asks for a (new) DPoP nonce, as a resource server does.
    static func nonceChallenge(_ nonce: String) -> ScriptedHTTPServer.Action {
        json(
            401, #"{"error":"use_dpop_nonce","message":"Resource server requires nonce in DPoP proof"}"#,
            [
                ("WWW-Authenticate", #"DPoP error="use_dpop_nonce", error_description="Resource server requires nonce in DPoP proof""#),
                ("DPoP-Nonce", nonce),
            ])
    }

    /// The PDS refuses the access token (no error name in the body: only the challenge says why).
    static let tokenRefused = json(401, "{}", [("WWW-Authenticate", #"DPoP error="invalid_token", error_description="\"exp\" claim timestamp check failed""#)])

    /// Runs `body` with a connection to a scripted PDS (answering the n-th request, from
    /// 1, with `script`) bound to `authorizer`.
    static func withPDS<T>(
        _ authorizer: any PDSAuthorizer, script: @escaping @Sendable (Int, ScriptedHTTPServer.Request) -> ScriptedHTTPServer.Action,
        _ body: (PDSClient, ScriptedHTTPServer) async throws -> T
    ) async throws -> T {
        let count = Mutex(0)
        let server = try ScriptedHTTPServer { request in
            script(
                count.withLock {
                    $0 += 1
                    return $0
                }, request)
        }
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])
        defer { server.stop() }
        let result: Result<T, any Error>
        do { result = .success(try await body(PDSClient(baseURL: server.baseURL, http: http, authorizer: authorizer), server)) } catch {
            result = .failure(error)
        }
        await http.shutdown()
        return try result.get()
    }

    static func create(_ client: PDSClient) async throws(PDSCallFailure) -> RecordRef {
        try await client.createRecord(repo: repo, collection: FeedPostRecord.collection, rkey: "3mabcdefghijk", record: ["text": "hi"])
    }

    @Test func aNonceChallengeReachesTheAuthorizerAndTheRetryCarriesTheNewNonce() async throws {
        let authorizer = NonceAuthorizer()
        try await Self.withPDS(
            authorizer,
            script: { _, request in
                request.header("DPoP")?.hasSuffix("nonce=n-1") == true ? Self.json(200, Self.created) : Self.nonceChallenge("n-1")
            }
        ) { client, server in
            let ref = try await Self.create(client)
            #expect(ref.cid == "bafyrecord")
            let requests = server.requests
            #expect(requests.count == 2)
            #expect(requests.first?.header("DPoP") == "POST \(server.baseURL)/xrpc/com.atproto.repo.createRecord nonce=-")
            #expect(requests.last?.header("DPoP") == "POST \(server.baseURL)/xrpc/com.atproto.repo.createRecord nonce=n-1")
            #expect(requests.last?.bodyText == requests.first?.bodyText, "the same record both times")
            let refused = try #require(authorizer.answers.first)
            #expect(refused.status == 401)
            #expect(refused.headers["DPoP-Nonce"] == "n-1")
            #expect(refused.challenges.first?.parameter("error") == "use_dpop_nonce")
            #expect(authorizer.refreshes.isEmpty)
        }
    }

    @Test func aPDSThatKeepsAskingForANewNonceGetsTheRequestTwiceAndTheCallerItsAnswer() async throws {
        try await Self.withPDS(NonceAuthorizer(), script: { count, _ in Self.nonceChallenge("n-\(count)") }) { client, server in
            let failure = await #expect(throws: PDSCallFailure.self) { try await Self.create(client) }
            guard case .pds(let error)? = failure else {
                Issue.record("expected the PDS's answer, got \(String(describing: failure))")
                return
            }
            #expect(error.status == 401)
            #expect(error.errorName == "use_dpop_nonce")
            #expect(error.headers?["DPoP-Nonce"] == "n-2", "the last answer, headers and all")
            #expect(server.requests.count == 2)
        }
    }

    @Test func aRefusedTokenIsRenewedOnceAndTheRetryCarriesTheNewOne() async throws {
        let authorizer = NonceAuthorizer()
        try await Self.withPDS(
            authorizer,
            script: { _, request in
                request.header("Authorization") == "DPoP token-2" ? Self.json(200, Self.created) : Self.tokenRefused
            }
        ) { client, server in
            _ = try await Self.create(client)
            #expect(server.requests.map { $0.header("Authorization") } == ["DPoP token-1", "DPoP token-2"])
            #expect(authorizer.refreshes.map { $0["Authorization"] } == ["DPoP token-1"], "told which token was refused")
        }
    }

    @Test func aTokenRefusedAgainAfterItsRenewalSignsOut() async throws {
        let authorizer = NonceAuthorizer()
        try await Self.withPDS(authorizer, script: { _, _ in Self.tokenRefused }) { client, server in
            let failure = await #expect(throws: PDSCallFailure.self) { try await Self.create(client) }
            guard case .signedOut? = failure else {
                Issue.record("expected signed out, got \(String(describing: failure))")
                return
            }
            #expect(server.requests.count == 2)
            #expect(authorizer.refreshes.count == 1)
        }
    }

    @Test func anAuthorizerThatAsksToRenewAgainIsNotObeyed() async throws {
        let authorizer = NonceAuthorizer(signsOutAfterRefresh: false)
        try await Self.withPDS(authorizer, script: { _, _ in Self.tokenRefused }) { client, server in
            let failure = await #expect(throws: PDSCallFailure.self) { try await Self.create(client) }
            guard case .pds(let error)? = failure else {
                Issue.record("expected the PDS's answer, got \(String(describing: failure))")
                return
            }
            #expect(error.status == 401)
            #expect(server.requests.count == 2)
            #expect(authorizer.refreshes.count == 1)
        }
    }

    @Test func aNonceRetryAndARenewalHappenOnceEachSoARequestIsSentThreeTimesAtMost() async throws {
        let authorizer = NonceAuthorizer(signsOutAfterRefresh: false)
        try await Self.withPDS(authorizer, script: { count, _ in count.isMultiple(of: 2) ? Self.tokenRefused : Self.nonceChallenge("n-\(count)") }) {
            client, server in
            let failure = await #expect(throws: PDSCallFailure.self) { try await Self.create(client) }
            guard case .pds(let error)? = failure else {
                Issue.record("expected the PDS's answer, got \(String(describing: failure))")
                return
            }
            #expect(error.errorName == "use_dpop_nonce")
            #expect(server.requests.map { $0.header("Authorization") } == ["DPoP token-1", "DPoP token-1", "DPoP token-2"])
            #expect(server.requests.last?.header("DPoP")?.hasSuffix("nonce=n-1") == true)
            #expect(authorizer.refreshes.count == 1)
        }
    }

    @Test func aNonceOnASuccessfulAnswerReachesTheAuthorizerForTheNextRequest() async throws {
        try await Self.withPDS(NonceAuthorizer(), script: { count, _ in Self.json(200, Self.created, [("DPoP-Nonce", "n-\(count)")]) }) { client, server in
            _ = try await Self.create(client)
            _ = try await Self.create(client)
            #expect(server.requests.map { $0.header("DPoP")?.hasSuffix("nonce=n-1") } == [false, true])
        }
    }

    @Test func aBlobIsSentWholeAgainOnARetry() async throws {
        let photo = ProjectPaths.temporaryDirectory("authorized-blob") + "/photo.jpg"
        try FileManager.default.createDirectory(atPath: (photo as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: (photo as NSString).deletingLastPathComponent) }
        let bytes = Data((0..<50_000).map { UInt8($0 % 251) })
        try bytes.write(to: URL(fileURLWithPath: photo))
        let blob = #"{"blob":{"$type":"blob","ref":{"$link":"bafkblob"},"mimeType":"image/jpeg","size":50000}}"#
        try await Self.withPDS(NonceAuthorizer(), script: { count, _ in count == 1 ? Self.nonceChallenge("n-1") : Self.json(200, blob) }) { client, server in
            let ref = try await client.uploadBlob(path: photo, mimeType: "image/jpeg")
            #expect(ref.size == 50_000)
            #expect(server.requests.map(\.body) == [Array(bytes), Array(bytes)])
        }
    }

    @Test func onlyTheAuthorizersFieldsCarryCredentialsAndSignInCarriesNone() async throws {
        let session = #"{"did":"did:plc:alice11111111111111111111","handle":"alice.test","accessJwt":"a","refreshJwt":"r"}"#
        try await Self.withPDS(
            NonceAuthorizer(),
            script: { _, request in
                Self.json(200, request.path.hasSuffix("createSession") ? session : Self.created)
            }
        ) { client, server in
            _ = try await Self.create(client)
            _ = try await client.createSession(identifier: "alice.test", password: Secret("app-password"))
            let (record, signIn) = (server.requests[0], server.requests[1])
            #expect(record.headers.filter { $0.name.lowercased() == "authorization" }.map(\.value) == ["DPoP token-1"])
            #expect(signIn.header("Authorization") == nil)
            #expect(signIn.header("DPoP") == nil)
        }
        try await Self.withPDS(AnonymousAuthorizer(), script: { _, _ in Self.json(200, Self.created) }) { client, server in
            _ = try await Self.create(client)
            #expect(server.requests.first?.header("Authorization") == nil)
        }
    }
}
