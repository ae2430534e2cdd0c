import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb
@testable import Presentation
@testable import Social
@testable import Viewing

@Suite struct HomePageTests {
    @Test func theStripListsAuthorsInTheAppViewsOrderWithUnseenRings() async throws {
        let app = try await AppHarness()
        let response = await app.respond("/")
        await app.shutdown()
        #expect(response.status == .ok)
        let html = HTMLInspection.section("strip", in: response.text)
        let links = HTMLInspection.attributeValues("href", in: html) { $0.contains("data-opens-viewer") }
        // Linked by handle, straight to each person's first story (`StripLinkTests`); the
        // covers (images, not links) by DID.
        let order = [
            "/profile/kenji.photo/story/3mstorydocu0", "/profile/tomasreyes.selfhosted.social/story/3mstorycosf1",
            "/profile/mayaokafor.bsky.social/story/3muojebufwseb", "/profile/erin-walks.bsky.social/story/3mstoryfdhj0",
        ]
        let covers = [
            "/stories/did:plc:ogyr5xkxwnrekpk5yroudocu", "/stories/did:plc:rjnvgfygwwqc5hyfsxmecosf",
            "/stories/did:plc:hbrpoigf3cbfnobm2o4rak3v", "/stories/did:plc:zrenun7z5jqipq3zxoi7fdhj",
        ]
        #expect(links == order)
        // The grid below shows the same people in the same order, each as their newest photo.
        let grid = HTMLInspection.section("people", in: response.text)
        #expect(HTMLInspection.attributeValues("href", in: grid) { $0.contains("person-card") } == order)
        #expect(HTMLInspection.attributeValues("src", in: grid) { $0.contains("person-cover") } == covers.map { $0 + "/cover" })
        #expect(HTMLInspection.count("avatar-ring ring-unseen", in: html) == 4)
        #expect(HTMLInspection.count("ring-seen", in: html) == 0)
        for name in ["Kenji Sato", "Tomás Reyes", "Maya Okafor", "erin-walks.bsky.social"] {
            #expect(html.contains("<span class=\"strip-name\">\(name)</span>"), "\(name)")
        }
        #expect(html.contains("aria-label=\"Maya Okafor, 3 stories, new\""))
    }

    @Test func imagesGoThroughTheServerAndNeverToThirdParties() async throws {
        let app = try await AppHarness()
        let page = await app.respond("/").text
        await app.shutdown()
        #expect(!page.contains("cdn.grain.social"))
        let html = HTMLInspection.section("strip", in: page)
        let sources = HTMLInspection.attributeValues("src", in: html) { $0.hasPrefix("<img") }
        #expect(sources.count == 3)
        #expect(sources.allSatisfy { $0.hasPrefix("/media/") })
        let everywhere = HTMLInspection.attributeValues("src", in: page) { $0.hasPrefix("<img") }
        #expect(everywhere.allSatisfy { $0.hasPrefix("/media/") || ($0.hasPrefix("/stories/did:") && $0.hasSuffix("/cover")) }, "\(everywhere)")
        #expect(html.contains("<span class=\"avatar avatar-initial\" aria-hidden=\"true\">E</span>"))
    }

    /// Each grid tile's photo is a redirect to the newest story's proxied thumbnail, asked
    /// for by the image itself, so the home page renders without a call per person.
    @Test func aCoverRedirectsToTheNewestStorysThumbnailThroughTheProxy() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        let maya: DID = "did:plc:hbrpoigf3cbfnobm2o4rak3v"
        let newest = try #require(try await library.stories(of: maya).value.last)
        let app = try await AppHarness(library: library)
        let cover = await app.respond(StoryLinks.cover(maya))
        let nobody = await app.respond("/stories/did:plc:nobody2222222222222222222/cover")
        let malformed = await app.respond("/stories/not%20a%20did/cover")
        let signer = app.signer
        await app.shutdown()
        #expect(cover.status == .found)
        #expect(cover.headers["Location"] == signer.path(for: newest.thumb))
        #expect(cover.headers["Location"]?.hasPrefix("/media/") == true)
        #expect(cover.headers["Cache-Control"] == "private, max-age=60")
        #expect(nobody.status == .notFound)
        #expect(malformed.status == .notFound)
    }

    @Test func authorsWhoseNewestStoryWasSeenGetAGreyRing() async throws {
        var seen = SeenState()
        seen.markSeen(author: "did:plc:hbrpoigf3cbfnobm2o4rak3v", createdAt: "2026-09-04T15:03:55.120Z")
        seen.markSeen(author: "did:plc:ogyr5xkxwnrekpk5yroudocu", createdAt: "2026-09-04T17:00:00.000Z")
        let app = try await AppHarness()
        let html = HTMLInspection.section("strip", in: await app.respond("/", headers: [("Cookie", "seen=\(SeenCookie.encode(seen))")]).text)
        await app.shutdown()
        #expect(html.contains("aria-label=\"Maya Okafor, 3 stories, seen\""))
        // Kenji's newest story (17:41) is newer than what was seen (17:00).
        #expect(html.contains("aria-label=\"Kenji Sato, 1 story, new\""))
        #expect(HTMLInspection.count("ring-seen", in: html) == 1)
    }

    @Test func theHomePageHasOneHeading() async throws {
        let app = try await AppHarness()
        let html = await app.respond("/").text
        await app.shutdown()
        #expect(HTMLInspection.count("<h1", in: html) == 1)
    }

    @Test func whenEveryAuthorWasSeenThePageSaysYouAreAllCaughtUp() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        let authors = try await library.storyAuthors().value
        try #require(!authors.isEmpty)
        var everything = SeenState()
        for author in authors { everything.markSeen(author: author.profile.did, createdAt: author.latestAt) }
        var allButOne = SeenState()
        for author in authors.dropFirst() { allButOne.markSeen(author: author.profile.did, createdAt: author.latestAt) }
        let app = try await AppHarness(library: library)
        let caughtUp = await app.respond("/", headers: [("Cookie", "seen=\(SeenCookie.encode(everything))")]).text
        let notYet = await app.respond("/", headers: [("Cookie", "seen=\(SeenCookie.encode(allButOne))")]).text
        let fresh = await app.respond("/").text
        await app.shutdown()
        #expect(caughtUp.contains("You're all caught up") || caughtUp.contains("You&#39;re all caught up"))
        #expect(HTMLInspection.count("ring-seen", in: HTMLInspection.section("strip", in: caughtUp)) == authors.count)
        for html in [notYet, fresh] {
            #expect(!html.contains("all caught up"))
        }
    }

    @Test func theHintShowsOnlyWhenThereIsSomeoneToChoose() async throws {
        let failing = FakeStoryLibrary.fixtureScenario()
        failing.update { $0.failing = true }
        let empty = FakeStoryLibrary()
        var pages: [String] = []
        for library in [FakeStoryLibrary.fixtureScenario(), failing, empty] {
            let app = try await AppHarness(library: library)
            pages.append(await app.respond("/").text)
            await app.shutdown()
        }
        #expect(pages[0].contains("Choose a circle"))
        #expect(!pages[1].contains("Choose a circle"))
        #expect(!pages[2].contains("Choose a circle"))
        #expect(pages.allSatisfy { !$0.contains("Tap a circle") })
    }

    /// The hint is for someone who has not watched a story here yet: a returning visitor
    /// (their seen cookie names anyone, also someone whose story has ended since) gets the
    /// page without it, the same from the cached page as rendered afresh.
    @Test func theHintIsOnlyForSomeoneWhoHasWatchedNothingYet() async throws {
        var watchedOne = SeenState()
        watchedOne.markSeen(author: "did:plc:hbrpoigf3cbfnobm2o4rak3v", createdAt: "2026-09-04T15:03:55.120Z")
        var watchedSomeoneGone = SeenState()
        watchedSomeoneGone.markSeen(author: "did:plc:nolongerinthestrip222222", createdAt: "2026-09-04T10:00:00.000Z")
        let app = try await AppHarness()
        let first = await app.respond("/").text
        let again = await app.respond("/").text
        let returning = await app.respond("/", headers: [("Cookie", "seen=\(SeenCookie.encode(watchedOne))")]).text
        let returningAgain = await app.respond("/", headers: [("Cookie", "seen=\(SeenCookie.encode(watchedOne))")]).text
        let gone = await app.respond("/", headers: [("Cookie", "seen=\(SeenCookie.encode(watchedSomeoneGone))")]).text
        await app.shutdown()
        #expect(first.contains("Choose a circle") && again.contains("Choose a circle"), "a first visit has the hint")
        for html in [returning, returningAgain, gone] {
            #expect(!html.contains("Choose a circle") && !html.contains("class=\"intro\""), "a returning visitor does not")
            #expect(html.contains("class=\"people-grid\""), "the page is otherwise the same")
        }
    }

    @Test func anUnreachableAppViewStillRendersWithANotice() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        library.update { $0.failing = true }
        let app = try await AppHarness(library: library)
        let response = await app.respond("/")
        await app.shutdown()
        #expect(response.status == .ok)
        #expect(response.text.contains("class=\"notice\" role=\"status\">Grain could not be reached just now"))
        #expect(!response.text.contains("data-opens-viewer"))
    }

    @Test func staleDataIsShownWithANotice() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        library.update { $0.stale = true }
        let app = try await AppHarness(library: library)
        let html = await app.respond("/").text
        await app.shutdown()
        #expect(html.contains("these stories may be out of date"))
        #expect(HTMLInspection.count("data-opens-viewer", in: html) == 4)
    }

    @Test func anEmptyStripSaysSo() async throws {
        let library = FakeStoryLibrary()
        let app = try await AppHarness(library: library)
        let html = await app.respond("/").text
        await app.shutdown()
        #expect(html.contains("No one has a live story right now."))
    }
}
