import ATProtoTestKit
import CurlHTTPClient
import Foundation
import TestKit
import Testing

@Suite struct FakePDSRecordTests {
    let alice = FakePDS.Account.alice

    /// The story fixture with its media replaced by `blob` (and no `$type`, as Grain's
    /// clients send it).
    func story(media blob: JSONValue) throws -> JSONValue {
        try JSONValue(parsing: Fixtures.data("story-record")).setting("media", to: blob).setting("$type", to: nil)
    }

    @Test func uploadBlobAnswersTheRawSHA256CIDAndSniffsTheType() async throws {
        try await withFakePDS { pds, client in
            let token = try await client.signIn("alice.test", "alice-app-password")["accessJwt"]?.stringValue
            let jpeg = Fixtures.bytes("tiny-24x32.jpg")
            let answer = try await client.upload(jpeg, mimeType: "application/octet-stream", token: token)
            #expect(answer.status == 200)
            let blob = try #require(answer.json?["blob"])
            #expect(blob["$type"] == "blob")
            // Python: CID('base32', 1, 'raw', multihash.digest(data, 'sha2-256')) of the fixture.
            #expect(blob["ref"]?["$link"] == "bafkreibjzklpyfeve5aqelzuyl7d7amzn76snmtx3kyq4fe4j7kyq3oomq")
            #expect(blob["mimeType"] == "image/jpeg")
            #expect(blob["size"] == .integer(Int64(jpeg.count)))
            #expect(pds.blobs().map(\.bytes) == [jpeg])
            let text = try await client.upload(Array("plain".utf8), mimeType: "text/plain; charset=utf-8", token: token)
            #expect(text.json?["blob"]?["mimeType"] == "text/plain")
        }
    }

    @Test func uploadBlobEnforcesItsSizeCapAndNeedsAContentType() async throws {
        try await withFakePDS(configuration: FakePDSCore.Configuration(maxBlobBytes: 1000)) { pds, client in
            let token = try await client.signIn("alice.test", "alice-app-password")["accessJwt"]?.stringValue
            let big = try await client.upload([UInt8](repeating: 7, count: 1001), mimeType: "image/jpeg", token: token)
            #expect(big.status == 413)
            #expect(big.errorName == "PayloadTooLarge")
            let untyped = try await client.send(
                .init(
                    method: "POST", url: pds.url("com.atproto.repo.uploadBlob"), headers: ["Authorization": "Bearer \(token ?? "")"],
                    body: .bytes([1, 2, 3])))
            #expect(untyped.status == 400)
            #expect(pds.blobs().isEmpty)
        }
    }

    @Test func createRecordStoresAStoryWithTIDKeyTypeAndCID() async throws {
        try await withFakePDS { pds, client in
            let token = try await client.signIn("alice.test", "alice-app-password")["accessJwt"]?.stringValue
            let blob = try #require(try await client.upload(Fixtures.bytes("tiny-24x32.jpg"), mimeType: "image/jpeg", token: token).json?["blob"])
            let created = try await client.post(
                "com.atproto.repo.createRecord",
                ["repo": .string(alice.did), "collection": "social.grain.story", "record": try story(media: blob)], token: token)
            #expect(created.status == 200)
            let uri = try #require(created.json?["uri"]?.stringValue)
            let rkey = String(uri.split(separator: "/").last ?? "")
            #expect(uri == "at://\(alice.did)/social.grain.story/\(rkey)")
            #expect(TID(rkey) != nil)
            #expect(created.json?["validationStatus"] == "unknown")
            #expect(created.json?["commit"]?["cid"]?.stringValue?.hasPrefix("bafyrei") == true)
            #expect(created.json?["commit"]?["rev"]?.stringValue.flatMap(TID.init) != nil)
            let stored = try #require(pds.record(uri: uri))
            #expect(stored.value["$type"] == "social.grain.story")
            #expect(stored.value == (try story(media: blob)).setting("$type", to: "social.grain.story"))
            #expect(created.json?["cid"] == .string(try DAGCBOR.cid(of: stored.value).string))
            let fetched = try await client.get(
                "com.atproto.repo.getRecord", [("repo", "alice.test"), ("collection", "social.grain.story"), ("rkey", rkey)])
            #expect(fetched.json?["value"] == stored.value)
            #expect(fetched.json?["cid"] == created.json?["cid"])
        }
    }

    @Test func writesAreRefusedForOtherReposUnknownBlobsFloatsAndDuplicateKeys() async throws {
        try await withFakePDS { pds, client in
            let token = try await client.signIn("alice.test", "alice-app-password")["accessJwt"]?.stringValue
            let record: JSONValue = ["createdAt": "2026-09-04T08:12:31.407Z"]
            func create(_ input: JSONValue) async throws -> XRPCTestClient.Answer {
                try await client.post("com.atproto.repo.createRecord", input, token: token)
            }
            let otherRepo = try await create(["repo": "bob.test", "collection": "social.grain.story", "record": record])
            #expect(otherRepo.status == 401)
            let unknownRepo = try await create(["repo": "carol.test", "collection": "social.grain.story", "record": record])
            #expect(unknownRepo.status == 400)
            let ghostBlob = JSONValue.object([
                "$type": "blob", "ref": ["$link": "bafkreibm6jg3ux5qumhcn2b3flc3tyu6dmlb4xa7u5bf44yegnrjhc4yeq"],
                "mimeType": "image/jpeg", "size": 5,
            ])
            let missingBlob = try await create(["repo": "alice.test", "collection": "social.grain.story", "record": try story(media: ghostBlob)])
            #expect(missingBlob.status == 400)
            #expect(missingBlob.errorName == "BlobNotFound")
            let float = try await create(["repo": "alice.test", "collection": "x.y.z", "record": ["ratio": .float(1.5)]])
            #expect(float.status == 400)
            let wrongType = try await create(["repo": "alice.test", "collection": "x.y.z", "record": ["$type": "a.b.c"]])
            #expect(wrongType.status == 400)
            let first = try await create(["repo": "alice.test", "collection": "x.y.z", "rkey": "self", "record": record])
            #expect(first.status == 200)
            let duplicate = try await create(["repo": "alice.test", "collection": "x.y.z", "rkey": "self", "record": record])
            #expect(duplicate.status == 400)
            #expect(duplicate.errorName == "InvalidRequest")
            #expect(pds.records("social.grain.story").isEmpty)
            #expect(pds.records("x.y.z").count == 1)
        }
    }

    @Test func listRecordsIsNewestFirstWithExclusiveCursorsAndReverse() async throws {
        try await withFakePDS { pds, client in
            for index in 0..<5 { try pds.seedRecord(["n": .integer(Int64(index))], collection: "x.y.z") }
            func list(_ parameters: [(String, String)]) async throws -> [Int64] {
                let answer = try await client.get("com.atproto.repo.listRecords", [("repo", "alice.test"), ("collection", "x.y.z")] + parameters)
                return (answer.json?["records"]?.arrayValue ?? []).compactMap { $0["value"]?["n"]?.integerValue }
            }
            #expect(try await list([]) == [4, 3, 2, 1, 0])
            #expect(try await list([("reverse", "true")]) == [0, 1, 2, 3, 4])
            let firstPage = try await client.get(
                "com.atproto.repo.listRecords", [("repo", "alice.test"), ("collection", "x.y.z"), ("limit", "2")])
            let cursor = try #require(firstPage.json?["cursor"]?.stringValue)
            #expect(try await list([("limit", "2"), ("cursor", cursor)]) == [2, 1])
            #expect(try await client.get("com.atproto.repo.listRecords", [("repo", "alice.test"), ("collection", "x.y.z"), ("limit", "101")]).status == 400)
        }
    }

    @Test func getBlobServesOnlyReferencedBlobsAndDeleteRecordIsIdempotent() async throws {
        try await withFakePDS { pds, client in
            let token = try await client.signIn("alice.test", "alice-app-password")["accessJwt"]?.stringValue
            let jpeg = Fixtures.bytes("tiny-24x32.jpg")
            let blob = try #require(try await client.upload(jpeg, mimeType: "image/jpeg", token: token).json?["blob"])
            let cid = try #require(blob["ref"]?["$link"]?.stringValue)
            func fetchBlob() async throws -> XRPCTestClient.Answer {
                try await client.get("com.atproto.sync.getBlob", [("did", alice.did), ("cid", cid)])
            }
            #expect(try await fetchBlob().errorName == "BlobNotFound")
            let created = try await client.post(
                "com.atproto.repo.createRecord",
                ["repo": .string(alice.did), "collection": "social.grain.story", "record": try story(media: blob)], token: token)
            let served = try await fetchBlob()
            #expect(served.status == 200)
            #expect(served.body == jpeg)
            #expect(served.headers["Content-Type"] == "image/jpeg")
            #expect(served.headers["X-Content-Type-Options"] == "nosniff")
            let rkey = String(created.json?["uri"]?.stringValue?.split(separator: "/").last ?? "")
            let delete: JSONValue = ["repo": .string(alice.did), "collection": "social.grain.story", "rkey": .string(rkey)]
            let deleted = try await client.post("com.atproto.repo.deleteRecord", delete, token: token)
            #expect(deleted.status == 200)
            #expect(deleted.json?["commit"]?["rev"] != nil)
            let again = try await client.post("com.atproto.repo.deleteRecord", delete, token: token)
            #expect(again.status == 200)
            #expect(again.json == [:])
            #expect(try await fetchBlob().errorName == "BlobNotFound")
            let gone = try await client.get(
                "com.atproto.repo.getRecord", [("repo", alice.did), ("collection", "social.grain.story"), ("rkey", rkey)])
            #expect(gone.status == 400)
            #expect(gone.errorName == "RecordNotFound")
            #expect(pds.records("social.grain.story").isEmpty)
        }
    }

    @Test func seededProfileAndIdentityAreReadable() async throws {
        try await withFakePDS { pds, client in
            try pds.seedRecord(["displayName": "Alice Liddell"], collection: "app.bsky.actor.profile", rkey: "self")
            let profile = try await client.get(
                "com.atproto.repo.getRecord", [("repo", "alice.test"), ("collection", "app.bsky.actor.profile"), ("rkey", "self")])
            #expect(profile.json?["value"]?["displayName"] == "Alice Liddell")
            #expect(profile.json?["value"]?["$type"] == "app.bsky.actor.profile")
            let resolved = try await client.get("com.atproto.identity.resolveHandle", [("handle", "alice.test")])
            #expect(resolved.json?["did"] == .string(alice.did))
            #expect(try await client.get("com.atproto.identity.resolveHandle", [("handle", "nobody.test")]).status == 400)
            let described = try await client.get("com.atproto.repo.describeRepo", [("repo", alice.did)])
            #expect(described.json?["collections"] == ["app.bsky.actor.profile"])
            #expect(described.json?["handle"] == "alice.test")
        }
    }

    /// The core alone, no sockets: method and routing errors.
    @Test func coreRejectsUnknownMethodsAndWrongHTTPMethods() {
        var core = FakePDSCore()
        let unknown = core.handle(XRPCRequest(nsid: "app.bsky.actor.getProfile"), at: .now)
        #expect(unknown.status == 501)
        #expect(unknown.errorName == "MethodNotImplemented")
        let wrongMethod = core.handle(XRPCRequest(httpMethod: "GET", nsid: "com.atproto.repo.createRecord"), at: .now)
        #expect(wrongMethod.status == 400)
        let noType = core.handle(
            XRPCRequest(httpMethod: "POST", nsid: "com.atproto.server.createSession", body: Array("{}".utf8)), at: .now)
        #expect(noType.status == 400)
    }
}
