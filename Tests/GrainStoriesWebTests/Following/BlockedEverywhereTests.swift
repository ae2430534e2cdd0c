import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing
import Viewing

@testable import GrainStoriesWeb

/// Someone Alice blocks on Grain (a `social.grain.graph.block` record on her PDS) or hid
/// here stays out of her sight on every path, not only in the strip: a story link passed
/// on to her, `/stories/{actor}`, the grid's cover, the comments page, the profile and TV
/// in a browser signed in as her. Visitors see everyone as before.
@Suite struct BlockedEverywhereTests {
    typealias Household = AccountStripTests.Household
    static let maya = AccountStripTests.maya
    static let mayasStory = StoryLinks.story(did: maya, handle: nil, rkey: "3muojebufwseb")

    /// A page about a story that must not show it: not found, no photo, no preview.
    private func expectRefused(_ response: HTTPResponse, saying words: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == .notFound, sourceLocation: sourceLocation)
        let html = HTMLInspection.unescape(response.text)
        #expect(html.contains(words), "\(html.prefix(300))", sourceLocation: sourceLocation)
        #expect(!html.contains("/media/") && !html.contains("story-image") && !html.contains("og:image"), sourceLocation: sourceLocation)
    }

    @Test func aBlockedPersonsStoryLinksAnswerAPageSayingSoWithoutThePhoto() async throws {
        let home = try await Household(blocks: [Self.maya])
        // An ended story of hers, which only `story(uri:)` still knows.
        var ended = try #require(try await home.stories(of: Self.maya).first)
        ended.uri = ATURI(Self.maya, .story, "3moldstory01")
        home.app.library.update { $0.single[ended.uri] = ended }
        let host = [("Host", "stories.local")]

        expectRefused(await home.browser.respond(.get, Self.mayasStory, headers: host), saying: "you block this person on Grain")
        expectRefused(await home.browser.get(StoryLinks.story(did: Self.maya, handle: nil, rkey: ended.rkey)), saying: "you block this person on Grain")
        expectRefused(await home.browser.get(Self.mayasStory + "/comments"), saying: "you block this person on Grain")
        let opened = await home.browser.get(StoryLinks.author(Self.maya))
        #expect(opened.headers["Location"] == nil, "no redirect into her stories")
        expectRefused(opened, saying: "you block this person on Grain")
        #expect(await home.browser.get(StoryLinks.cover(Self.maya)).status == .notFound, "no cover photo either")

        // Someone else's story still opens, and a visitor sees hers as before.
        #expect(await home.browser.get(StoryLinks.author(AccountStripTests.tomas)).status == .seeOther)
        let visitor = await home.app.respond(Self.mayasStory)
        #expect(visitor.status == .ok && visitor.text.contains("story-image"))
        #expect(await home.app.respond(StoryLinks.author(Self.maya)).status == .seeOther)
        #expect(await home.app.respond(StoryLinks.cover(Self.maya)).status == .found)
        await home.close()
    }

    @Test func aHiddenPersonsStoryLinksSaySoUntilUnhidden() async throws {
        let home = try await Household()
        let token = try await home.csrf(on: "/")
        _ = await home.browser.post(HiddenPage.path, form: [("csrf", token), ("action", "hide"), ("author", Self.maya.rawValue)])

        expectRefused(await home.browser.get(Self.mayasStory), saying: "you hid this person's stories")
        expectRefused(await home.browser.get(StoryLinks.author(Self.maya)), saying: "you hid this person's stories")
        #expect(await home.browser.get(StoryLinks.cover(Self.maya)).status == .notFound)
        let profile = HTMLInspection.unescape(await home.browser.get(StoryLinks.profile(Self.maya)).text)
        #expect(profile.contains("You hid this person's stories.") && profile.contains("Unhide their stories"))
        #expect(!profile.contains("profile-stories") && !profile.contains("profile-story"), "no thumbnails of hers")

        _ = await home.browser.post(HiddenPage.path, form: [("csrf", token), ("action", "unhide"), ("author", Self.maya.rawValue)])
        #expect(await home.browser.get(Self.mayasStory).status == .ok)
        await home.close()
    }

    /// The authors of the stories a browser's TV plays, following its refreshes.
    static func tvAuthors(_ get: (String) async -> HTTPResponse, from start: String, pages: Int) async -> [String] {
        var url = start
        var authors: [String] = []
        for _ in 0..<pages {
            let html = await get(url).text
            guard let story = TVPageTests.story(html) else { break }
            authors.append(String(story.prefix { $0 != "/" }))
            guard let refresh = TVPageTests.refresh(html), let range = refresh.range(of: ";url=") else { break }
            url = String(refresh[range.upperBound...])
        }
        return authors
    }

    @Test func aTVInABrowserSignedInSkipsWhomTheAccountBlocksEvenWhenAskedForThem() async throws {
        let home = try await Household(blocks: [Self.maya])
        let signedIn = await Self.tvAuthors({ await home.browser.get($0) }, from: "/tv", pages: 12)
        let visitor = await Self.tvAuthors({ await home.app.respond($0) }, from: "/tv", pages: 12)
        let asked = await home.browser.get("/tv?at=\(Self.maya.rawValue)/3mupadw3kg264").text
        let plain = await home.browser.get("/tv").text
        await home.close()
        #expect(signedIn.count == 12 && !signedIn.contains(Self.maya.rawValue), "\(signedIn)")
        #expect(visitor.contains(Self.maya.rawValue), "a visitor's TV plays her")
        #expect(TVPageTests.story(asked)?.hasPrefix(Self.maya.rawValue) == false, "?at= her story plays someone else")
        #expect(!plain.contains("Maya Okafor"), "not even up next")
    }

    @Test func aTVForAnAccountSkipsWhomThatAccountBlocks() async throws {
        let (app, pds, _) = try await TVPageTests.followingApp()
        // Alice follows Maya and Erin, and blocks Maya.
        try pds.seedRecord(
            ["subject": .string(Self.maya.rawValue), "createdAt": "2026-09-04T12:00:00.000Z"], collection: "social.grain.graph.block", rkey: "3mblock00001")
        let played = await Self.tvAuthors({ await app.respond($0) }, from: "/tv?for=alice.test", pages: 4)
        let asked = await app.respond("/tv?for=alice.test&at=\(Self.maya.rawValue)/3mupadw3kg264").text
        await app.shutdown()
        #expect(played == Array(repeating: AccountStripTests.erin.rawValue, count: 4), "\(played)")
        #expect(TVPageTests.story(asked)?.hasPrefix(AccountStripTests.erin.rawValue) == true)
        #expect(!asked.contains("Maya Okafor"))
    }
}
