import ATProto
import ATProtoTestKit
import Accounts
import Activity
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import TestKit
import Testing
import Viewing

@testable import GrainStoriesWeb

/// The Activity page, the header's badge, push settings and "Seen by", through the whole
/// application: a real PDS stand-in (the story is checked on it), the Jetstream stand-in
/// over a real WebSocket, and the push-service stand-in.
@Suite struct ActivityPageTests {
    static let alice = DID(FakePDS.Account.alice.did)!
    static let bob = DID(FakePDS.Account.bob.did)!
    /// Fixture people with profiles in the fake library, so the page can name them.
    static let kenji: DID = "did:plc:ogyr5xkxwnrekpk5yroudocu"
    static let maya: DID = "did:plc:hbrpoigf3cbfnobm2o4rak3v"
    static let storyKey = "3mactivity22a"

    /// Alice (and Bob) signed in on one browser each, a story of Alice's on her PDS and in
    /// the library, activity on and following the stand-in.
    struct Household {
        let pds: FakePDS
        let jetstream: StandInJetstream
        let app: AppHarness
        let alice: CookieJar
        var story: ATURI { ATURI(ActivityPageTests.alice, .story, RecordKey(wireText: ActivityPageTests.storyKey)!) }

        init() async throws {
            pds = try FakePDS(accounts: [.alice, .bob])
            jetstream = try await StandInJetstream.start()
            let url = jetstream.url
            app = try await AppHarness { configuration in
                configuration.activity = true
                configuration.jetstreamHosts = [url]
            }
            alice = CookieJar(app)
            _ = await alice.signIn(identifier: "alice.test", password: FakePDS.Account.alice.password, pds: pds.baseURL)
            try pds.seedRecord(
                ["createdAt": "2026-09-04T17:30:00.000Z"], collection: "social.grain.story", rkey: ActivityPageTests.storyKey,
                account: "alice.test")
            let story = self.story
            app.library.update { state in
                var view = FakeStoryLibrary.syntheticStories(for: state.authors[0])[0]
                view.uri = story
                view.creator = ProfileView(did: ActivityPageTests.alice, handle: "alice.test", displayName: "Alice")
                view.createdAt = Datetime(wireText: "2026-09-04T17:30:00.000Z")!
                state.stories[ActivityPageTests.alice] = [view]
            }
            await app.root.activity.start(accounts: app.root.sessions.signedInAccounts())
            let jetstream = self.jetstream
            #expect(await eventually { jetstream.openConnections == 1 })
        }

        func heart(from actor: DID, _ rkey: String) {
            jetstream.create(
                did: actor.rawValue, collection: "social.grain.favorite", rkey: rkey,
                record: #"{"$type":"social.grain.favorite","subject":"\#(story.rawValue)","createdAt":"2026-09-04T17:40:00.000Z"}"#)
        }

        func close() async {
            await app.root.activity.stop()
            await app.shutdown()
            await jetstream.stop()
            pds.stop()
        }
    }

    @Test func heartsFromTheNetworkAreGroupedOnTheActivityPageAndTheBadgeCountsThemUntilItIsOpened() async throws {
        let house = try await Household()
        house.heart(from: Self.kenji, "3mfavorite22a")
        house.heart(from: Self.maya, "3mfavorite33a")
        // A heart on a story that is not on Alice's PDS is not believed.
        house.jetstream.create(
            did: Self.maya.rawValue, collection: "social.grain.favorite", rkey: "3mfavorite44a",
            record:
                #"{"$type":"social.grain.favorite","subject":"at://\#(Self.alice.rawValue)/social.grain.story/3mnosuchstory","createdAt":"2026-09-04T17:40:00.000Z"}"#
        )
        let unseen = house.app.root.activity.unseen
        #expect(await eventually { unseen.count(for: Self.alice) == 2 })
        let home = await house.alice.get("/").text
        #expect(home.contains(#"<span class="activity-badge" title="2 new">2</span>"#))
        let page = await house.alice.get("/activity").text
        #expect(page.contains("hearted your story"))
        #expect(page.contains(" and ") && page.components(separatedBy: "activity-item").count == 2, "one line for both hearts")
        #expect(page.contains("activity-new"))
        #expect(!page.contains("3mnosuchstory"))
        #expect(unseen.count(for: Self.alice) == 0)
        #expect(!(await house.alice.get("/").text.contains("activity-badge")))
        // Deleting a heart takes it away.
        house.jetstream.delete(did: Self.kenji.rawValue, collection: "social.grain.favorite", rkey: "3mfavorite22a")
        #expect(await eventually { (try? await house.app.root.activity.repository.items(for: Self.alice, limit: 10).count) == 1 })
        await house.close()
    }

    @Test func pushIsTurnedOnAndOffPerAccountOnlyByThePageScriptWithAnEndpointThatMayBeReached() async throws {
        let house = try await Household()
        let push = try StandInPushService(now: { AppHarness.fixtureNow })
        let browser = try push.subscribe()
        let page = await house.alice.get("/activity")
        let token = try #require(CookieJar.csrfToken(in: page.text))
        #expect(page.text.contains("data-vapid-key=\"\(house.app.root.activity.vapid!.publicKeyText)\""))
        let script = [("X-GrainStories-Fetch", "1"), ("Content-Type", "application/x-www-form-urlencoded")]
        func turnOn(_ endpoint: String, headers: [(String, String)] = script) async -> HTTPResponse {
            await house.alice.respond(
                .post, "/activity/push", headers: headers,
                body: Array(
                    "csrf=\(token)&endpoint=\(endpoint.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&p256dh=\(browser.p256dhText)&auth=\(browser.authText)&hearts=on"
                        .utf8))
        }
        #expect(await turnOn(browser.endpoint, headers: [("Content-Type", "application/x-www-form-urlencoded")]).status == .forbidden)
        #expect(await turnOn("http://push.example/1").status == .badRequest, "plain http to a host not listed as insecure")
        #expect(await turnOn(browser.endpoint).status == .noContent)
        let state = await house.alice.respond(.get, "/activity/push?endpoint=\(browser.endpoint)", headers: script)
        #expect(state.text == #"{"subscribed":true,"kinds":["hearts"]}"#)
        house.heart(from: Self.kenji, "3mfavorite22a")
        #expect(await eventually { push.deliveries.count == 1 })
        #expect(push.deliveries.first?.refusal == nil)
        #expect(push.deliveries.first?.plaintext?.contains("Someone hearted your story") == true)
        let off = await house.alice.respond(.post, "/activity/push/off", headers: script, body: Array("csrf=\(token)&endpoint=\(browser.endpoint)".utf8))
        #expect(off.status == .noContent)
        #expect(try await house.app.root.activity.subscriptions.subscriptions(for: Self.alice).isEmpty)
        await push.stop()
        await house.close()
    }

    @Test func seenByNamesTheAccountsHereThatWatchedUnlessTheyKeepTheirViewingPrivate() async throws {
        let house = try await Household()
        let bob = CookieJar(house.app)
        _ = await bob.signIn(identifier: "bob.test", password: FakePDS.Account.bob.password, pds: house.pds.baseURL)
        let createdAt = SeenState.milliseconds(Datetime(wireText: "2026-09-04T17:30:00.000Z")!)
        try await house.app.root.repositories.seen.record(did: Self.bob, author: Self.alice, newestMilliseconds: createdAt, now: AppHarness.fixtureNow)
        #expect(await house.alice.get("/activity").text.contains("Seen by bob.test."))
        // Bob keeps his viewing private: Alice no longer sees him, and he sees no one.
        let page = await bob.get("/activity")
        let token = try #require(CookieJar.csrfToken(in: page.text))
        #expect(await bob.post("/activity/settings", form: [("csrf", token)]).status == .seeOther)
        #expect(await house.alice.get("/activity").text.contains("Nobody here has seen it yet."))
        #expect(await bob.get("/activity").text.contains("You keep your viewing private"))
        await house.close()
    }

    @Test func aServerThatCannotReachJetstreamKeepsWorkingAndSaysWhyThereIsNoActivity() async throws {
        let pds = try FakePDS()
        // A port nothing listens on: the follower fails, waits, tries again.
        let closed = try await StandInJetstream.start()
        let url = closed.url
        await closed.stop()
        let app = try await AppHarness { configuration in
            configuration.activity = true
            configuration.jetstreamHosts = [url]
        }
        let browser = CookieJar(app)
        _ = await browser.signIn(identifier: "alice.test", password: FakePDS.Account.alice.password, pds: pds.baseURL)
        await app.root.activity.start(accounts: [])
        let follower = try #require(app.root.activity.follower)
        #expect(
            await eventually {
                if case .failing = follower.status { return true }
                return false
            })
        let page = await browser.get("/activity")
        #expect(page.status == .ok)
        #expect(
            page.text.contains("This server cannot reach the network&#39;s event stream")
                || page.text.contains("This server cannot reach the network's event stream"))
        #expect(await browser.get("/").status == .ok, "pages keep working")
        await app.root.activity.stop()
        await app.shutdown()
        pds.stop()
    }

    @Test func withActivityOffThePageSaysWhyAndNothingIsFollowed() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let browser = CookieJar(app)
        _ = await browser.signIn(identifier: "alice.test", password: FakePDS.Account.alice.password, pds: pds.baseURL)
        let page = await browser.get("/activity").text
        #expect(page.contains("Activity is turned off on this server (--activity off)"))
        #expect(app.root.activity.follower == nil)
        #expect(await CookieJar(app).get("/activity").status == .seeOther, "signed out: to the sign-in page")
        await app.shutdown()
        pds.stop()
    }
}
