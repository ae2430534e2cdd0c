import ATProto
import ATProtoTestKit
import Activity
import AppTestKit
import FeatureTestKit
import Foundation
import LoggingTestKit
import TestKit
import Testing

/// The follower against the Jetstream stand-in over a real WebSocket: replay from the
/// stored cursor, reconnection, and a stream that lies and fails.
@Suite struct JetstreamFollowerTests {
    let repository = InMemoryActivityRepository()
    let subjects = FakeSubjects()
    let audience = FakeAudience()
    let pushed = Pushed()
    let log = LogCapture()

    func follower(_ jetstream: StandInJetstream, maxMessageBytes: Int = 64 << 10) -> JetstreamFollower {
        let ingest = ActivityIngest(
            repository: repository, subjects: subjects, audience: audience, local: { [People.alice, People.bob] },
            added: { [pushed] item, certain in if certain { pushed.add(item) } }, logger: log.logger())
        var settings = JetstreamFollower.Settings(
            hosts: [JetstreamHost(jetstream.url, insecureHosts: [jetstream.hostAndPort])!], userAgent: "tests", addressRefusal: { _, _ in nil })
        settings.backoff = ReconnectBackoff(base: .milliseconds(20), cap: .milliseconds(200))
        settings.cursorInterval = .zero
        settings.maxMessageBytes = maxMessageBytes
        return JetstreamFollower(settings: settings, ingest: ingest, logger: log.logger(), now: Date.init)
    }

    func items(_ did: DID) async throws -> [ActivityItem] { try await repository.items(for: did, limit: 100) }

    @Test func itAsksForTheFollowedCollectionsAndKeepsWhatConcernsPeopleHere() async throws {
        let jetstream = try await StandInJetstream.start()
        let story = People.story(of: People.alice)
        subjects.set(story, .story)
        let following = follower(jetstream)
        following.start()
        #expect(await eventually { jetstream.openConnections == 1 })
        #expect(jetstream.subscriptions.first?.wantedCollections == ["social.grain.favorite", "social.grain.comment"])
        #expect(jetstream.subscriptions.first?.cursor == nil, "the first start follows live")
        jetstream.create(did: People.dave.rawValue, collection: "social.grain.favorite", rkey: "3lfav2222222a", record: People.favoriteJSON(story))
        jetstream.create(
            did: People.dave.rawValue, collection: "social.grain.favorite", rkey: "3lfav3333333a",
            record: People.favoriteJSON(People.story(of: People.mallory)))
        #expect(try await eventually { try await items(People.alice).count == 1 })
        #expect(await eventually { following.eventCount == 2 })
        await following.stop()
        await jetstream.stop()
    }

    @Test func aRestartInTheMiddleLosesNothingAndDoublesNothing() async throws {
        let jetstream = try await StandInJetstream.start()
        let story = People.story(of: People.alice)
        subjects.set(story, .story)
        var following = follower(jetstream)
        following.start()
        #expect(await eventually { jetstream.openConnections == 1 })
        let first = jetstream.create(did: People.dave.rawValue, collection: "social.grain.favorite", rkey: "3lfav2222222a", record: People.favoriteJSON(story))
        #expect(try await eventually { try await repository.cursor() == first.timeMicroseconds })
        await following.stop()
        #expect(await eventually { jetstream.openConnections == 0 })
        // While the server is down: a second heart, a comment, and the first heart taken back.
        jetstream.create(did: People.carol.rawValue, collection: "social.grain.favorite", rkey: "3lfav3333333a", record: People.favoriteJSON(story))
        jetstream.create(did: People.carol.rawValue, collection: "social.grain.comment", rkey: "3lcomment222a", record: People.commentJSON("lovely", on: story))
        let last = jetstream.delete(did: People.dave.rawValue, collection: "social.grain.favorite", rkey: "3lfav2222222a")
        following = follower(jetstream)
        following.start()
        #expect(try await eventually { try await repository.cursor() == last.timeMicroseconds })
        let resumed = try #require(jetstream.subscriptions.last?.cursor)
        #expect(resumed == first.timeMicroseconds - 5_000_000, "the stored cursor less the replay margin")
        let kept = try await items(People.alice)
        #expect(Set(kept.map(\.actor)) == [People.carol])
        #expect(kept.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.commentOnStory, .heartOnStory])
        #expect(pushed.all.count == 3, "dave's heart once, then carol's heart and comment once each")
        await following.stop()
        await jetstream.stop()
    }

    @Test func lyingFramesAreSkippedAndAHugeOneCostsOnlyAReconnection() async throws {
        let jetstream = try await StandInJetstream.start()
        let story = People.story(of: People.alice)
        subjects.set(story, .story)
        audience.block(People.mallory, by: People.alice)
        let following = follower(jetstream, maxMessageBytes: 4096)
        following.start()
        #expect(await eventually { jetstream.openConnections == 1 })
        jetstream.sendRaw("{not json")
        jetstream.sendRaw(#"{"did":"did:plc:bob00000000000000000000000","time_us":-3,"kind":"commit"}"#)
        jetstream.create(
            did: People.dave.rawValue, collection: "social.grain.favorite", rkey: "3lfav9999999a",
            record: People.favoriteJSON(People.story(of: People.alice, "3lnosuchstory")))
        jetstream.create(did: People.mallory.rawValue, collection: "social.grain.favorite", rkey: "3lfav8888888a", record: People.favoriteJSON(story))
        let before = jetstream.create(did: People.dave.rawValue, collection: "social.grain.favorite", rkey: "3lfav2222222a", record: People.favoriteJSON(story))
        #expect(try await eventually { try await repository.cursor() == before.timeMicroseconds })
        jetstream.sendRaw(String(repeating: "x", count: 10_000))
        #expect(await eventually { jetstream.subscriptions.count == 2 }, "reconnected after the huge frame")
        jetstream.create(did: People.carol.rawValue, collection: "social.grain.favorite", rkey: "3lfav3333333a", record: People.favoriteJSON(story))
        #expect(try await eventually { try await items(People.alice).count == 2 })
        #expect(Set(try await items(People.alice).map(\.actor)) == [People.dave, People.carol])
        #expect(log.lines.contains { $0.contains("a Jetstream frame was skipped") })
        #expect(log.lines.contains { $0.contains("passed 4096 bytes") })
        #expect(pushed.all.count == 2)
        await following.stop()
        await jetstream.stop()
    }

    @Test func aDroppedConnectionIsFollowedAgainFromTheCursorWithoutMissingAnything() async throws {
        let jetstream = try await StandInJetstream.start()
        let story = People.story(of: People.alice)
        subjects.set(story, .story)
        let following = follower(jetstream)
        following.start()
        #expect(await eventually { jetstream.openConnections == 1 })
        let first = jetstream.create(did: People.dave.rawValue, collection: "social.grain.favorite", rkey: "3lfav2222222a", record: People.favoriteJSON(story))
        #expect(try await eventually { try await repository.cursor() == first.timeMicroseconds })
        jetstream.dropAll()
        jetstream.create(did: People.carol.rawValue, collection: "social.grain.favorite", rkey: "3lfav3333333a", record: People.favoriteJSON(story))
        #expect(try await eventually { try await items(People.alice).count == 2 })
        #expect(jetstream.subscriptions.count >= 2)
        #expect(jetstream.subscriptions.last?.cursor != nil)
        #expect(pushed.all.count == 2)
        if case .following = following.status {} else { Issue.record("not following again: \(following.status)") }
        await following.stop()
        await jetstream.stop()
    }

    @Test func anOperatorHostNeedsWSSUnlessListedAsInsecure() {
        #expect(JetstreamHost("wss://jetstream2.us-east.bsky.network", insecureHosts: [])?.port == 443)
        #expect(JetstreamHost("wss://jetstream1.us-west.bsky.network/subscribe", insecureHosts: [])?.host == "jetstream1.us-west.bsky.network")
        #expect(JetstreamHost("ws://127.0.0.1:6008", insecureHosts: []) == nil)
        #expect(JetstreamHost("ws://127.0.0.1:6008", insecureHosts: ["127.0.0.1:6008"])?.port == 6008)
        #expect(JetstreamHost("https://jetstream.example", insecureHosts: []) == nil)
        #expect(JetstreamHost("wss://user@jetstream.example", insecureHosts: []) == nil)
        let host = JetstreamHost("wss://js.example:8443", insecureHosts: [])!
        #expect(host.subscribePath(cursor: 42) == "/subscribe?wantedCollections=social.grain.favorite&wantedCollections=social.grain.comment&cursor=42")
    }
}
