import ATProto
import ATProtoTestKit
import CurlHTTPClient
import Foundation
import GrainSupport
import OAuthClient
import OAuthTestKit
import P256
import TestKit
import Testing

/// The stand-in OAuth server fronting a `FakePDS`: a client signed in through the real
/// OAuth flow writes through DPoP-authorized calls that land in the fake PDS, within the
/// granted scope only; public reads pass unauthenticated; a call failing any OAuth check
/// never reaches the fake PDS.
@Suite(.serialized) struct StandInOAuthGatewayTests {
    static let alice = FakePDS.Account.alice
    static let story = "social.grain.story"

    /// A stand-in fronting a fake PDS, a harness signed in through it, and DPoP calls to
    /// its PDS with the grant's key and the PDS's nonce.
    final class Gateway: Sendable {
        let harness: OAuthFlowHarness
        let pds: FakePDS
        let grant: OAuthGrant
        let nonce: String

        /// Signs in after `prepare` (say, `grantOnly`) had its say on the stand-in.
        init(prepare: (StandInOAuthServer) -> Void = { _ in }) async throws {
            let (server, pds) = try StandInOAuthServer.frontingFakePDS(accounts: [StandInOAuthGatewayTests.alice])
            prepare(server)
            let alice = StandInOAuthGatewayTests.alice
            harness = try OAuthFlowHarness(accounts: [.init(did: alice.did, handle: alice.handle)], server: server)
            self.pds = pds
            grant = try await harness.signIn(alice.handle)
            // A call without the PDS's nonce is refused before any forwarding, and names it.
            let url = server.pdsURL + "/xrpc/com.atproto.server.getSession"
            let proof = try DPoPProof.make(key: grant.dpopKey, method: "GET", url: url, nonce: nil, accessToken: grant.accessToken, now: Date())
            let first = try await harness.http.send(
                HTTPClientRequest(url: url, headers: [("Authorization", "DPoP " + grant.accessToken.revealed), ("DPoP", proof)]))
            nonce = try #require(first.headers["DPoP-Nonce"])
        }

        func stop() async {
            await harness.stop()
            pds.stop()
        }

        /// A call to `nsid` at the stand-in's PDS; authorized with the grant unless
        /// `authorized` is false. `key`, `ath`, `nonce` and `scheme` override the proof's
        /// and header's parts, to get them wrong.
        func call(
            _ nsid: String, method: String = "POST", query: String? = nil, json: JSONValue? = nil, body: [UInt8]? = nil,
            contentType: String? = nil, authorized: Bool = true, key: P256.PrivateKey? = nil, ath: Secret? = nil, nonce: String?? = .none,
            scheme: String = "DPoP"
        ) async throws -> HTTPClientResponse {
            let url = harness.server.pdsURL + "/xrpc/" + nsid + (query.map { "?" + $0 } ?? "")
            var headers = HTTPHeaders()
            if authorized {
                let proof = try DPoPProof.make(
                    key: key ?? grant.dpopKey, method: method, url: url, nonce: nonce ?? self.nonce, accessToken: ath ?? grant.accessToken, now: Date())
                headers.add("Authorization", scheme + " " + grant.accessToken.revealed)
                headers.add("DPoP", proof)
            }
            let bytes = json.map(\.serialized) ?? body
            if let type = contentType ?? (json == nil ? nil : "application/json") { headers.add("Content-Type", type) }
            return try await harness.http.send(HTTPClientRequest(method: method, url: url, headers: headers, body: bytes.map { .bytes($0) }))
        }
    }

    static func json(_ response: HTTPClientResponse) -> JSONValue? { try? JSONValue(parsing: response.body) }

    /// The story fixture with its media replaced by `blob`.
    static func storyRecord(media blob: JSONValue) throws -> JSONValue {
        try JSONValue(parsing: Fixtures.data("story-record")).setting("media", to: blob).setting("$type", to: nil)
    }

    @Test func anAuthorizedUploadAndWriteLandInTheFakePDSAsTheSignedInAccount() async throws {
        let gateway = try await Gateway()
        let jpeg = Fixtures.bytes("tiny-24x32.jpg")
        let upload = try await gateway.call("com.atproto.repo.uploadBlob", body: jpeg, contentType: "image/jpeg")
        let blob = try #require(Self.json(upload)?["blob"])
        let created = try await gateway.call(
            "com.atproto.repo.createRecord",
            json: ["repo": .string(Self.alice.did), "collection": .string(Self.story), "record": try Self.storyRecord(media: blob)])
        let uri = try #require(Self.json(created)?["uri"]?.stringValue)
        let stored = gateway.pds.records(Self.story, of: Self.alice.did)
        let deleted = try await gateway.call(
            "com.atproto.repo.deleteRecord",
            json: ["repo": .string(Self.alice.did), "collection": .string(Self.story), "rkey": .string(String(uri.split(separator: "/").last!))])
        let calls = gateway.pds.calls
        let blobs = gateway.pds.blobs(of: Self.alice.did)
        let left = gateway.pds.records(Self.story, of: Self.alice.did)
        await gateway.stop()
        #expect(upload.status == 200)
        #expect(upload.headers["Content-Type"]?.hasPrefix("application/json") == true)
        #expect(blobs.map(\.bytes) == [jpeg])
        #expect(created.status == 200)
        #expect(uri.hasPrefix("at://\(Self.alice.did)/\(Self.story)/"))
        #expect(stored.map(\.uri) == [uri])
        #expect(deleted.status == 200)
        #expect(left.isEmpty)
        #expect(calls.map(\.method) == ["com.atproto.repo.uploadBlob", "com.atproto.repo.createRecord", "com.atproto.repo.deleteRecord"])
        #expect(calls.allSatisfy { $0.succeeded })
    }

    /// A write the harness's grant (`blob:image/*`, `repo:social.grain.story` create and
    /// delete) does not allow, and the permission the refusal names.
    struct OutOfScope: Sendable, CustomTestStringConvertible {
        var nsid: String
        var json: JSONValue?
        var body: [UInt8]?
        var contentType: String?
        var missing: String
        var testDescription: String { "\(nsid) needs \(missing)" }
    }

    static let outOfScope: [OutOfScope] = [
        OutOfScope(
            nsid: "com.atproto.repo.createRecord",
            json: ["repo": .string(alice.did), "collection": "social.grain.comment", "record": ["text": "hi", "createdAt": "2026-01-01T00:00:00Z"]],
            missing: "repo:social.grain.comment?action=create"),
        OutOfScope(
            nsid: "com.atproto.repo.putRecord",
            json: ["repo": .string(alice.did), "collection": .string(story), "rkey": "3kstory", "record": ["text": "hi"]],
            missing: "repo:social.grain.story?action=update"),
        OutOfScope(
            nsid: "com.atproto.repo.deleteRecord", json: ["repo": .string(alice.did), "collection": "social.grain.favorite", "rkey": "3kfav"],
            missing: "repo:social.grain.favorite?action=delete"),
        OutOfScope(
            nsid: "com.atproto.repo.applyWrites",
            json: [
                "repo": .string(alice.did),
                "writes": [
                    ["$type": "com.atproto.repo.applyWrites#delete", "collection": .string(story), "rkey": "3ka"],
                    ["$type": "com.atproto.repo.applyWrites#update", "collection": .string(story), "rkey": "3kb", "value": ["text": "x"]],
                ],
            ],
            missing: "repo:social.grain.story?action=update"),
        OutOfScope(nsid: "com.atproto.repo.uploadBlob", body: Array("not a video".utf8), contentType: "video/mp4", missing: "blob:video/mp4"),
        OutOfScope(nsid: "com.atproto.repo.uploadBlob", body: Array("untyped".utf8), missing: "blob:*/*"),
    ]

    @Test(arguments: outOfScope) func aWriteOutsideTheGrantedScopeIsRefusedAndNothingLands(_ example: OutOfScope) async throws {
        let gateway = try await Gateway()
        let answer = try await gateway.call(example.nsid, json: example.json, body: example.body, contentType: example.contentType)
        let calls = gateway.pds.calls
        let blobs = gateway.pds.blobs(of: Self.alice.did)
        let records = ["social.grain.comment", Self.story].flatMap { gateway.pds.records($0, of: Self.alice.did) }
        await gateway.stop()
        #expect(answer.status == 403)
        #expect(Self.json(answer)?["error"] == "ScopeMissingError")
        #expect(Self.json(answer)?["message"]?.stringValue?.contains(example.missing) == true)
        #expect(calls.isEmpty)
        #expect(blobs.isEmpty && records.isEmpty)
    }

    @Test func publicReadsAreForwardedWithoutATokenAndTheIdentityNamesTheStandIn() async throws {
        let gateway = try await Gateway()
        let seeded = try gateway.pds.seedRecord(["text": "hello"], collection: "app.bsky.feed.post", rkey: "3kpost", account: Self.alice.did)
        let query = "repo=\(Self.alice.did)&collection=app.bsky.feed.post&rkey=3kpost"
        let read = try await gateway.call("com.atproto.repo.getRecord", method: "GET", query: query, authorized: false)
        let repo = try await gateway.call("com.atproto.repo.describeRepo", method: "GET", query: "repo=\(Self.alice.did)", authorized: false)
        let plc = try await gateway.harness.http.send(HTTPClientRequest(url: TestIdentityDirectory.shared.plcURL + "/" + Self.alice.did))
        let calls = gateway.pds.calls
        let pdsURL = gateway.harness.server.pdsURL
        await gateway.stop()
        #expect(read.status == 200)
        #expect(Self.json(read)?["uri"]?.stringValue == seeded.uri)
        #expect(Self.json(read)?["value"]?["text"] == "hello")
        #expect(calls.map(\.method) == ["com.atproto.repo.getRecord", "com.atproto.repo.describeRepo"])
        // Both the published DID document and the PDS's own name the stand-in's address.
        #expect(String(decoding: plc.body, as: UTF8.self).contains("\"\(pdsURL)\""))
        #expect(Self.json(repo)?["didDoc"]?["service"]?[0]?["serviceEndpoint"]?.stringValue == pdsURL)
    }

    @Test func aCallFailingAnyOAuthCheckNeverReachesTheFakePDS() async throws {
        let gateway = try await Gateway()
        let input: JSONValue = [
            "repo": .string(Self.alice.did), "collection": .string(Self.story), "record": try Self.storyRecord(media: .null),
        ]
        let create = "com.atproto.repo.createRecord"
        var answers = [
            "other key": try await gateway.call(create, json: input, key: try P256.PrivateKey.generate()),
            "wrong ath": try await gateway.call(create, json: input, ath: Secret("another token")),
            "no nonce": try await gateway.call(create, json: input, nonce: .some(nil)),
            "bearer": try await gateway.call(create, json: input, scheme: "Bearer"),
        ]
        gateway.harness.server.expireAccessTokens()
        answers["expired"] = try await gateway.call(create, json: input)
        let calls = gateway.pds.calls
        await gateway.stop()
        for (name, answer) in answers {
            #expect(answer.status == 401, "\(name)")
        }
        #expect(calls.isEmpty)
    }

    @Test func theFakePDSMintsWorkingAccessTokensForItsOwnAccountsOnly() async throws {
        try await withFakePDS(accounts: [.alice, .bob]) { pds, client in
            let session = try await client.get("com.atproto.server.getSession", token: try pds.accessToken(for: Self.alice.did))
            #expect(session.status == 200)
            #expect(session.json?["did"]?.stringValue == Self.alice.did)
            #expect(throws: FakePDS.SeedingError.self) { try pds.accessToken(for: "did:plc:nobody2222222222222222222") }
        }
    }

    @Test func aServerGrantingLessThanAskedIssuesTokensThatAllowOnlyThat() async throws {
        let granted = "atproto repo:social.grain.story?action=create"
        let gateway = try await Gateway { $0.grantOnly(granted) }
        let upload = try await gateway.call("com.atproto.repo.uploadBlob", body: Fixtures.bytes("tiny-24x32.jpg"), contentType: "image/jpeg")
        gateway.harness.server.grantOnly(nil)
        let full = try await gateway.harness.signIn(Self.alice.handle)
        let calls = gateway.pds.calls
        await gateway.stop()
        #expect(gateway.grant.scope == OAuthScope(granted))
        #expect(upload.status == 403)
        #expect(calls.isEmpty)
        #expect(full.scope == gateway.harness.scope)
    }
}
