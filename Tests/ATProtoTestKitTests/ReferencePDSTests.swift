import ATProtoTestKit
import CurlHTTPClient
import TestKit
import Testing

/// The real PDS (arroba, via Tests/PDS/launch_pds.py). Needs `.venv-pds/`: without it
/// `ReferencePDS.launch()` throws, failing these tests with a message saying to run
/// `Tests/PDS/make-venv`.
@Suite(.serialized) struct ReferencePDSTests {
    @Test func theStoryWritePathWorksAgainstTheReferencePDS() async throws {
        let pds = try await ReferencePDS.launch()
        defer { pds.stop() }
        let http = HTTPClient(configuration: HTTPClientConfiguration(totalTimeout: .seconds(20)))
        do {
            try await exerciseStoryWritePath(XRPCTestClient(http: http, baseURL: pds.baseURL), pds)
            await http.shutdown()
        } catch {
            await http.shutdown()
            throw error
        }
    }

    func exerciseStoryWritePath(_ client: XRPCTestClient, _ pds: ReferencePDS) async throws {
        let session = try await client.signIn(pds.handle, pds.password)
        #expect(session["did"] == .string(pds.did))
        let token = session["accessJwt"]?.stringValue
        #expect(token.flatMap(jwtClaims)?["sub"] == .string(pds.did))

        let jpeg = Fixtures.bytes("tiny-24x32.jpg")
        let uploaded = try await client.upload(jpeg, mimeType: "image/jpeg", token: token)
        #expect(uploaded.status == 200)
        let blob = try #require(uploaded.json?["blob"])
        #expect(blob["ref"]?["$link"] == .string(CID.raw(of: jpeg).string))

        // The fixture's shape (with its `$type`, which is what makes arroba validate it).
        let story = try JSONValue(parsing: Fixtures.data("story-record")).setting("media", to: blob)
        let create: JSONValue = ["repo": .string(pds.did), "collection": "social.grain.story", "record": story]
        let created = try await client.post("com.atproto.repo.createRecord", create, token: token)
        #expect(created.status == 200)
        let uri = try #require(created.json?["uri"]?.stringValue)
        let rkey = String(uri.split(separator: "/").last ?? "")
        #expect(TID(rkey) != nil)
        #expect(created.json?["cid"] == .string(try DAGCBOR.cid(of: story).string))

        let withoutMedia = create.setting("record", to: story.setting("media", to: nil))
        let refused = try await client.post("com.atproto.repo.createRecord", withoutMedia, token: token)
        #expect(refused.status == 400)

        let fetched = try await client.get(
            "com.atproto.repo.getRecord", [("repo", pds.did), ("collection", "social.grain.story"), ("rkey", rkey)])
        #expect(fetched.status == 200)
        #expect(fetched.json?["value"] == story)

        let served = try await client.get("com.atproto.sync.getBlob", [("did", pds.did), ("cid", CID.raw(of: jpeg).string)])
        #expect(served.status == 200)
        #expect(served.body == jpeg)
        #expect(served.headers["Content-Type"] == "image/jpeg")

        let viaSDK = try await pds.recordsViaSDK()
        #expect(viaSDK.arrayValue?.compactMap { $0["uri"]?.stringValue } == [uri])
        #expect(viaSDK[0]?["value"]?["media"]?["ref"]?["$link"] == blob["ref"]?["$link"])

        let delete: JSONValue = ["repo": .string(pds.did), "collection": "social.grain.story", "rkey": .string(rkey)]
        let deleted = try await client.post("com.atproto.repo.deleteRecord", delete, token: token)
        #expect(deleted.status == 200)
        #expect(deleted.json?["commit"]?["cid"] != nil)
        let gone = try await client.get(
            "com.atproto.repo.getRecord", [("repo", pds.did), ("collection", "social.grain.story"), ("rkey", rkey)])
        #expect(gone.errorName == "RecordNotFound")
    }
}
