import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing

@testable import ATProto
@testable import GrainStoriesWeb
@testable import Presentation
@testable import Social
@testable import Viewing

/// `/tv` as a browser without scripts sees it: one story per page, a meta refresh to the
/// next story round and round, links for the remote's keys, `?interval` and `?for=`
/// checked, and words (that look again every minute) when there is nothing to play.
@Suite struct TVPageTests {
    static let kenji = "did:plc:ogyr5xkxwnrekpk5yroudocu"
    static let tomas = "did:plc:rjnvgfygwwqc5hyfsxmecosf"
    static let maya = "did:plc:hbrpoigf3cbfnobm2o4rak3v"
    static let erin = "did:plc:zrenun7z5jqipq3zxoi7fdhj"

    /// One story at a time: these tests follow single stories; portrait pairs (on by
    /// default, see TVPairTests) are switched off.
    static func singles(_ configuration: inout AppConfiguration) {
        configuration.tvPortraitPairs = .off
    }

    /// The `content` of the page's meta refresh, unescaped; nil when it has none.
    static func refresh(_ html: String) -> String? {
        HTMLInspection.attributeValues("content", in: html) { $0.hasPrefix("<meta ") && $0.contains("http-equiv=\"refresh\"") }.first
    }

    /// The story on screen (`DID/RKEY`), nil on a message page.
    static func story(_ html: String) -> String? {
        HTMLInspection.attributeValues("data-story", in: html) { $0.hasPrefix("<main ") }.first
    }

    /// The link behind a remote key (`next`, `previous-author`, …).
    static func link(_ action: String, _ html: String) -> String? {
        HTMLInspection.attributeValues("href", in: html) { $0.contains("data-tv-action=\"\(action)\"") }.first
    }

    /// Follows the meta refreshes from `start`, `count` pages, returning the stories shown.
    static func walk(_ app: AppHarness, from start: String, pages count: Int) async -> [String] {
        var url = start
        var shown: [String] = []
        for _ in 0..<count {
            let response = await app.respond(url)
            guard response.status == .ok, let story = story(response.text) else {
                Issue.record("\(url) → \(response.status.code) without a story")
                break
            }
            shown.append(story)
            guard let content = refresh(response.text), let range = content.range(of: ";url=") else {
                Issue.record("\(url) has no refresh to a next page")
                break
            }
            url = String(content[range.upperBound...])
        }
        return shown
    }

    @Test func theFirstStoryShowsWhoWhereAndWhereItStandsAndRefreshesToTheNext() async throws {
        let app = try await AppHarness(configure: Self.singles)
        let response = await app.respond("/tv")
        let maya = await app.respond("/tv?at=\(Self.maya)/3mupadw3kg264").text
        await app.shutdown()
        #expect(response.status == .ok)
        let html = response.text
        #expect(Self.story(html) == "\(Self.kenji)/3mstorydocu0")
        #expect(Self.refresh(html) == "8;url=/tv?at=\(Self.tomas)/3mstorycosf1")
        #expect(html.contains("<p class=\"tv-name\">Kenji Sato</p>"))
        #expect(html.contains("<span class=\"tv-person\">1 of 4</span> · story 1 of 1"))
        #expect(html.contains("<time datetime=\"2026-09-04T17:41:27.031Z\">18 minutes ago</time>"))
        let upNext = HTMLInspection.attributeValues("class", in: html).filter { $0 == "tv-up-next-name" }.count
        #expect(upNext == 3, "everyone else is up next")
        #expect(html.contains("<span class=\"tv-up-next-name\">Tomás Reyes</span>"))
        #expect(html.contains("<link rel=\"preload\" as=\"image\" href=\"/media/"))
        #expect(html.contains("<script src=\"/assets/tv."))
        let image = HTMLInspection.attributeValues("src", in: html) { $0.contains("class=\"tv-image\"") }.first
        #expect(image?.hasPrefix("/media/") == true, "photos go through the signed media proxy: \(image ?? "none")")
        #expect(maya.contains("<p class=\"tv-place\">Portland, Oregon, US</p>"))
        #expect(maya.contains("<span class=\"tv-person\">3 of 4</span> · story 2 of 2"))
    }

    /// The warn-labelled story (Maya's second) is skipped; after the last person the
    /// first comes again.
    @Test func followingTheRefreshesPlaysEveryStoryTheTVMayShowRoundAndRound() async throws {
        let app = try await AppHarness(configure: Self.singles)
        let shown = await Self.walk(app, from: "/tv", pages: 8)
        await app.shutdown()
        #expect(
            shown == [
                "\(Self.kenji)/3mstorydocu0", "\(Self.tomas)/3mstorycosf1", "\(Self.tomas)/3mstorycosf0",
                "\(Self.maya)/3muojebufwseb", "\(Self.maya)/3mupadw3kg264", "\(Self.erin)/3mstoryfdhj0",
                "\(Self.kenji)/3mstorydocu0", "\(Self.tomas)/3mstorycosf1",
            ])
    }

    @Test func theRemoteKeysLeadToTheNeighbouringStoriesAndPeople() async throws {
        let app = try await AppHarness(configure: Self.singles)
        let html = await app.respond("/tv?at=\(Self.maya)/3muojebufwseb").text
        let first = await app.respond("/tv").text
        await app.shutdown()
        #expect(Self.link("next", html) == "/tv?at=\(Self.maya)/3mupadw3kg264")
        #expect(Self.link("previous", html) == "/tv?at=\(Self.tomas)/3mstorycosf0", "back from a first story is the previous person's last")
        #expect(Self.link("next-author", html) == "/tv?at=\(Self.erin)/3mstoryfdhj0")
        #expect(Self.link("previous-author", html) == "/tv?at=\(Self.tomas)/3mstorycosf1", "the previous person from their first story")
        #expect(Self.link("pause", html) == "/tv?at=\(Self.maya)/3muojebufwseb&paused=1")
        #expect(Self.link("leave", html) == "/")
        #expect(
            Self.link("settings", html) == "/tv/settings?back=%2Ftv%3Fat%3D\(Self.maya.replacingOccurrences(of: ":", with: "%3A"))%2F3muojebufwseb",
            "this screen's settings, coming back here")
        #expect(Self.link("previous", first) == "/tv?at=\(Self.erin)/3mstoryfdhj0", "before the first person comes the last")
    }

    @Test func theIntervalIsAWholeNumberOfSecondsFromThreeToSixty() async throws {
        let app = try await AppHarness()
        let three = await app.respond("/tv?interval=3").text
        let sixty = await app.respond("/tv?interval=60").text
        let eight = await app.respond("/tv?interval=8").text
        var refused: [String: HTTPResponse] = [:]
        for bad in ["2", "61", "0", "-5", "abc", "8.5", "", "99999999999999999999"] {
            refused[bad] = await app.respond("/tv?interval=\(bad)")
        }
        await app.shutdown()
        #expect(Self.refresh(three) == "3;url=/tv?interval=3&at=\(Self.tomas)/3mstorycosf1")
        #expect(Self.link("next-author", three) == "/tv?interval=3&at=\(Self.tomas)/3mstorycosf1", "every link keeps the interval")
        #expect(three.contains("data-interval=\"3\""))
        #expect(Self.refresh(sixty)?.hasPrefix("60;url=/tv?interval=60&at=") == true)
        #expect(Self.refresh(eight) == "8;url=/tv?at=\(Self.tomas)/3mstorycosf1", "the default is left out of links")
        for (bad, response) in refused {
            #expect(response.status == .badRequest, "interval=\(bad)")
            #expect(response.text.contains("interval must be a whole number of seconds from 3 to 60"), "interval=\(bad)")
        }
    }

    @Test func aStoryThatIsGoneStartsItsPersonAgainAndAMalformedOneIsRefused() async throws {
        let app = try await AppHarness()
        let gone = await app.respond("/tv?at=\(Self.tomas)/3mexpired000")
        let nobody = await app.respond("/tv?at=did:plc:nobody2222222222222222222/3mstory")
        let malformed = await app.respond("/tv?at=not-a-story")
        let badPause = await app.respond("/tv?paused=yes")
        await app.shutdown()
        #expect(Self.story(gone.text) == "\(Self.tomas)/3mstorycosf1")
        #expect(Self.story(nobody.text) == "\(Self.kenji)/3mstorydocu0", "someone no longer listed: start from the beginning")
        #expect(malformed.status == .badRequest && malformed.text.contains("at must name a story as DID/record-key."))
        #expect(badPause.status == .badRequest)
    }

    @Test func namesPlacesAndAddressesFromTheNetworkAreEscaped() async throws {
        let library = FakeStoryLibrary()
        let did: DID = "did:plc:hostile22222222222222222"
        let author = StoryAuthor(
            profile: ProfileView(did: did, handle: "hostile.test", displayName: "<script>alert(1)</script>"),
            storyCount: 1, latestAt: "2026-09-04T17:00:00.000Z")
        var story = FakeStoryLibrary.syntheticStories(for: author)[0]
        story.locationDisplay = "\"><img src=x onerror=alert(2)>"
        library.update { state in
            state.authors = [author]
            state.stories[did] = [story]
        }
        let app = try await AppHarness(library: library)
        let html = await app.respond("/tv").text
        let badFor = await app.respond("/tv?for=%3Cscript%3Ealert(3)%3C%2Fscript%3E")
        await app.shutdown()
        #expect(Self.story(html) == "\(did)/\(story.rkey)")
        #expect(html.contains("<p class=\"tv-name\">&lt;script&gt;alert(1)&lt;/script&gt;</p>"))
        #expect(html.contains("<p class=\"tv-place\">&quot;&gt;&lt;img src=x onerror=alert(2)&gt;</p>"))
        #expect(!html.contains("<script>alert") && !html.contains("<img src=x"))
        #expect(badFor.status == .badRequest)
        #expect(badFor.text.contains("&lt;script&gt;alert(3)&lt;/script&gt;"))
        #expect(!badFor.text.contains("<script>alert(3)"))
    }

    /// Alice (on an in-memory PDS) follows Maya and Erin.
    static func followingApp(
        library: FakeStoryLibrary = .fixtureScenario(), configure: @escaping (inout AppConfiguration) -> Void = singles
    ) async throws -> (AppHarness, InMemoryPDS, FakeIdentityResolver) {
        let pds = InMemoryPDS()
        try pds.seedRecord(["subject": .string(maya), "createdAt": "2026-09-04T10:00:00.000Z"], collection: "social.grain.graph.follow", rkey: "3mfollow00001")
        try pds.seedRecord(["subject": .string(erin), "createdAt": "2026-09-04T11:00:00.000Z"], collection: "social.grain.graph.follow", rkey: "3mfollow00002")
        let identity = FakeIdentityResolver([.alice], pdsURL: pds.baseURL)
        let app = try await AppHarness(
            library: library, configure: configure,
            edges: { edges in
                edges.pds = pds
                edges.identity = identity
            })
        return (app, pds, identity)
    }

    @Test func forPlaysOnlyThePeopleThatAccountFollowsReadOnceForAWhile() async throws {
        let (app, pds, identity) = try await Self.followingApp()
        let first = await app.respond("/tv?for=alice.test&interval=5").text
        let shown = await Self.walk(app, from: "/tv?for=alice.test&interval=5", pages: 4)
        let byDID = await app.respond("/tv?for=\(FakePDS.Account.alice.did)").text
        await app.shutdown()
        #expect(shown == ["\(Self.maya)/3muojebufwseb", "\(Self.maya)/3mupadw3kg264", "\(Self.erin)/3mstoryfdhj0", "\(Self.maya)/3muojebufwseb"])
        #expect(Self.refresh(first) == "5;url=/tv?for=alice.test&interval=5&at=\(Self.maya)/3mupadw3kg264")
        #expect(Self.link("previous-author", first) == "/tv?for=alice.test&interval=5&at=\(Self.erin)/3mstoryfdhj0")
        #expect(first.contains("<span class=\"tv-person\">1 of 2</span>"))
        #expect(!first.contains("Kenji Sato") && !first.contains("Tomás Reyes"), "people Alice does not follow are not even up next")
        #expect(Self.story(byDID) == "\(Self.maya)/3muojebufwseb")
        // Follows once for the handle and once for the DID; her blocks (left out on her
        // TV, see TVVisibilityTests) once, on the PDS the first lookup found.
        #expect(pds.calls.filter { $0 == "com.atproto.repo.listRecords" }.count == 3, "\(pds.calls)")
        #expect(identity.lookups == ["alice.test", FakePDS.Account.alice.did])
    }

    @Test func anUnknownAccountGetsAMessagePageThatLooksAgainLater() async throws {
        let (app, _, _) = try await Self.followingApp()
        let response = await app.respond("/tv?for=nobody.test")
        await app.shutdown()
        #expect(response.status == .notFound)
        #expect(Self.story(response.text) == nil)
        #expect(response.text.contains("<h1 class=\"tv-message-title\">No such account</h1>"))
        #expect(response.text.contains("No account called nobody.test was found, so there is no one to play stories for."))
        #expect(Self.refresh(response.text) == "60")
        #expect(Self.link("leave", response.text) == "/")
    }

    @Test func nothingToPlaySaysSoAndLooksAgainEveryMinute() async throws {
        let empty = FakeStoryLibrary()
        let app = try await AppHarness(library: empty)
        let response = await app.respond("/tv?interval=4")
        await app.shutdown()
        #expect(response.status == .ok)
        #expect(Self.story(response.text) == nil)
        #expect(response.text.contains("No one has a live story right now. New stories appear here by themselves."))
        #expect(Self.refresh(response.text) == "60")
        #expect(response.text.contains("data-self-href=\"/tv?interval=4\""))

        // Alice follows people, none of whom has a story now.
        let library = FakeStoryLibrary.fixtureScenario()
        library.update { state in state.authors.removeAll { [Self.maya, Self.erin].contains($0.profile.did.rawValue) } }
        let (following, _, _) = try await Self.followingApp(library: library)
        let none = await following.respond("/tv?for=alice.test")
        await following.shutdown()
        #expect(none.status == .ok)
        #expect(none.text.contains("None of the people alice.test follows has a live story right now."))
        #expect(none.text.contains("Playing for alice.test"))
    }

    @Test func anAppViewOutageIsAMessageThatRecoversByItself() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        library.update { $0.failing = true }
        let app = try await AppHarness(library: library, configure: Self.singles)
        let down = await app.respond("/tv?at=\(Self.maya)/3mupadw3kg264")
        library.update { $0.failing = false }
        let back = await app.respond("/tv?at=\(Self.maya)/3mupadw3kg264")
        await app.shutdown()
        #expect(down.status == .serviceUnavailable)
        #expect(down.headers["Retry-After"] == "60")
        #expect(down.text.contains("Grain could not be reached just now, so no stories can be shown."))
        #expect(Self.refresh(down.text) == "60", "it looks again by itself")
        #expect(down.text.contains("data-self-href=\"/tv?at=\(Self.maya)/3mupadw3kg264\""), "and looks for the same story")
        #expect(back.status == .ok)
        #expect(Self.story(back.text) == "\(Self.maya)/3mupadw3kg264")
    }

    /// The script plays in place (it sets the cookie), and a paused page stays put.
    @Test func theScriptsCookieAndPausingTakeTheMetaRefreshAway() async throws {
        let app = try await AppHarness(configure: Self.singles)
        let scripted = await app.respond("/tv", headers: [("Cookie", "tvplayer=1")]).text
        let paused = await app.respond("/tv?at=\(Self.maya)/3muojebufwseb&paused=1").text
        let emptyScripted = try await AppHarness(library: FakeStoryLibrary())
        let message = await emptyScripted.respond("/tv", headers: [("Cookie", "tvplayer=1")]).text
        await emptyScripted.shutdown()
        await app.shutdown()
        #expect(Self.refresh(scripted) == nil)
        #expect(Self.story(scripted) == "\(Self.kenji)/3mstorydocu0")
        #expect(Self.refresh(message) == nil)
        #expect(Self.refresh(paused) == nil)
        #expect(paused.contains("<main class=\"tv tv-phase-") && paused.contains(" tv-is-paused\""))
        #expect(paused.contains("<p class=\"tv-paused-badge\">Paused</p>"))
        #expect(Self.link("pause", paused) == "/tv?at=\(Self.maya)/3muojebufwseb", "the pause link plays again")
        #expect(paused.contains(">Play</a>"))
        #expect(Self.link("next", paused) == "/tv?at=\(Self.maya)/3mupadw3kg264&paused=1", "moving by hand stays paused")
    }
}
