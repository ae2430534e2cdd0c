import ATProtoTestKit
import CurlHTTPClient
import Foundation
import TestKit
import Testing

/// The stand-in AppView serves indexed accounts' stories as Grain's newer AppView does:
/// `getStories` and `getStoryArchive` by handle or DID (an unknown handle lists nothing),
/// `storyCount` without the self-labelled hidden stories, and `crossPost` for a story a
/// Bluesky post links back to by its DID-form or handle-form path.
@Suite struct StandInAppViewStoriesTests {
    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// Alice's three stories of the last hour (one self-labelled `gore`) and two posts
    /// linking back: one by handle, one by DID.
    static func seeded(_ pds: FakePDS) throws {
        let now = Date()
        let blob = try pds.seedBlob([0xFF, 0xD8, 0xFF, 0xD9], mimeType: "image/jpeg", account: FakePDS.Account.alice.did)
        for (index, rkey) in ["3mstoryaaaa1", "3mstoryaaaa2", "3mstoryaaaa3"].enumerated() {
            var story: JSONValue = [
                "media": ["$type": "blob", "ref": ["$link": .string(blob.cid)], "mimeType": "image/jpeg", "size": 4],
                "aspectRatio": ["width": 3, "height": 4],
                "createdAt": .string(Self.format(now.addingTimeInterval(Double(index - 3) * 600))),
            ]
            if index == 1 { story = story.setting("labels", to: ["$type": "com.atproto.label.defs#selfLabels", "values": [["val": "gore"]]]) }
            try pds.seedRecord(story, collection: "social.grain.story", rkey: rkey, account: FakePDS.Account.alice.did)
        }
        let created = JSONValue.string(Self.format(now))
        try pds.seedRecord(
            ["text": "\n#GrainSocial https://grain.social/profile/alice.test/story/3mstoryaaaa3", "createdAt": created],
            collection: "app.bsky.feed.post", rkey: "3mpostbyhandle", account: FakePDS.Account.alice.did)
        try pds.seedRecord(
            ["text": .string("\n#GrainSocial http://lan/profile/\(FakePDS.Account.alice.did)/story/3mstoryaaaa1"), "createdAt": created],
            collection: "app.bsky.feed.post", rkey: "3mpostbydid", account: FakePDS.Account.alice.did)
    }

    @Test func storiesAreServedByHandleOrDIDCountedAsServedAndLinkedToTheirCrossposts() async throws {
        let appView = try StandInAppView(image: [0xFF, 0xD8, 0xFF, 0xD9])
        try await withFakePDS { pds, _ in
            try Self.seeded(pds)
            appView.indexStories(from: pds, accounts: [.alice])
            let http = HTTPClient(configuration: HTTPClientConfiguration(totalTimeout: .seconds(20)))
            let client = XRPCTestClient(http: http, baseURL: appView.baseURL)
            let alice = FakePDS.Account.alice.did
            let byHandle = try await client.get("social.grain.unspecced.getStories", [("actor", "alice.test")]).json
            let byDID = try await client.get("social.grain.unspecced.getStories", [("actor", alice)]).json
            let unknown = try await client.get("social.grain.unspecced.getStories", [("actor", "nobody.test")])
            let authors = try await client.get("social.grain.unspecced.getStoryAuthors").json
            let archive = try await client.get("social.grain.unspecced.getStoryArchive", [("actor", "alice.test"), ("limit", "1")]).json
            let unknownArchive = try await client.get("social.grain.unspecced.getStoryArchive", [("actor", "nobody.test"), ("limit", "10")])
            let profile = try await client.get("social.grain.unspecced.getActorProfile", [("actor", "alice.test")]).json
            let single = try await client.get("social.grain.unspecced.getStory", [("story", "at://\(alice)/social.grain.story/3mstoryaaaa3")]).json
            await http.shutdown()

            let stories = byHandle?["stories"]?.arrayValue ?? []
            #expect(
                stories.compactMap { $0["uri"]?.stringValue } == [
                    "at://\(alice)/social.grain.story/3mstoryaaaa1", "at://\(alice)/social.grain.story/3mstoryaaaa3",
                ])
            #expect(byDID == byHandle)
            #expect(unknown.status == 200 && unknown.json == ["stories": []])
            #expect(
                stories.map { $0["crossPost"]?["url"]?.stringValue } == [
                    "https://bsky.app/profile/\(alice)/post/3mpostbydid", "https://bsky.app/profile/\(alice)/post/3mpostbyhandle",
                ])
            let entry = authors?["authors"]?.arrayValue?.first { $0["profile"]?["did"]?.stringValue == alice }
            #expect(entry?["storyCount"]?.integerValue == 2, "the story self-labelled gore is not counted, as it is not served")
            #expect(archive?["stories"]?.arrayValue?.compactMap { $0["uri"]?.stringValue } == ["at://\(alice)/social.grain.story/3mstoryaaaa3"])
            #expect(archive?["cursor"]?.stringValue != nil, "one more page")
            #expect(unknownArchive.status == 200 && unknownArchive.json == ["stories": []])
            #expect(profile?["did"]?.stringValue == alice)
            #expect(single?["story"]?["crossPost"]?["url"]?.stringValue == "https://bsky.app/profile/\(alice)/post/3mpostbyhandle")
        }
        await appView.stop()
    }
}
