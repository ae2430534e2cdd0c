import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing
import Viewing

@testable import ATProto
@testable import GrainStoriesWeb

@Suite struct ProfilePageTests {
    @Test func aProfileWithLiveStoriesHasARingThatOpensTheViewer() async throws {
        let app = try await AppHarness()
        let response = await app.respond("/profile/mayaokafor.bsky.social")
        await app.shutdown()
        #expect(response.status == .ok)
        let html = response.text
        #expect(html.contains("<h1 class=\"profile-name\">Maya Okafor</h1>"))
        #expect(html.contains("@mayaokafor.bsky.social"))
        #expect(html.contains("Bookshops, bridges and bad weather."))
        #expect(
            html.contains(
                "<li><a href=\"https://grain.social/profile/mayaokafor.bsky.social\" rel=\"noopener\"><strong>418</strong> followers</a></li>"))
        // Her three live stories, each opening the viewer at that story.
        let stories = HTMLInspection.attributeValues("href", in: html) { $0.contains("profile-story") }
        #expect(stories.count == 3)
        #expect(stories.allSatisfy { $0.hasPrefix("/profile/mayaokafor.bsky.social/story/") })
        #expect(HTMLInspection.attributeValues("src", in: html) { $0.contains("loading=\"lazy\"") }.allSatisfy { $0.hasPrefix("/media/") })
        let ring = HTMLInspection.attributeValues("href", in: html) { $0.contains("avatar-ring") }
        // Straight to her first story (none seen), as `/stories/…?back=…&from=profile` would redirect.
        #expect(ring == ["/profile/mayaokafor.bsky.social/story/3muojebufwseb?back=%2Fprofile%2Fmayaokafor.bsky.social&from=profile"])
        #expect(html.contains("avatar-ring avatar-large ring-unseen"))
    }

    @Test func someoneWithStoriesButNoGrainProfileGetsAPageWithTheirStories() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        library.update { $0.onlyGivenProfiles = true }
        // Erin has live stories in the fixtures but no Grain profile record.
        let erin = try #require(try await library.storyAuthors().value.first { $0.profile.did == "did:plc:zrenun7z5jqipq3zxoi7fdhj" })
        #expect(try await library.profile(actor: .did(erin.profile.did)).value == nil)
        let app = try await AppHarness(library: library)
        let byDID = await app.respond("/profile/did:plc:zrenun7z5jqipq3zxoi7fdhj")
        let byHandle = await app.respond("/profile/\(erin.profile.shownHandle)")
        let nobody = await app.respond("/profile/did:plc:aaaaaaaaaaaaaaaaaaaaaaaa")
        let opened = await app.respond("/stories/erin-walks.bsky.social")
        await app.shutdown()
        for response in [byDID, byHandle] {
            #expect(response.status == .ok)
            #expect(response.text.contains("@\(erin.profile.shownHandle)"))
            #expect(response.text.contains("<h1 class=\"profile-name\">\(erin.profile.name)</h1>"))
            let ring = HTMLInspection.attributeValues("href", in: response.text) { $0.contains("avatar-ring") }
            #expect(ring.first?.hasPrefix("/profile/erin-walks.bsky.social/story/") == true)
        }
        // The ring's link by handle opens her stories, though the AppView has no profile of her.
        #expect(opened.status == .seeOther)
        #expect(opened.headers["Location"]?.hasPrefix("/profile/erin-walks.bsky.social/story/") == true)
        #expect(nobody.status == .notFound)
    }

    @Test func aProfileWithoutLiveStoriesHasNoRingAndNoLink() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        library.update { $0.stories["did:plc:hbrpoigf3cbfnobm2o4rak3v"] = [] }
        let app = try await AppHarness(library: library)
        let html = await app.respond("/profile/did:plc:hbrpoigf3cbfnobm2o4rak3v").text
        await app.shutdown()
        #expect(html.contains("<span class=\"avatar-ring avatar-large ring-none\">"))
        #expect(!html.contains("ring-unseen"))
        #expect(!html.contains("/stories/did:plc:hbrpoigf3cbfnobm2o4rak3v") && !html.contains("/stories/mayaokafor.bsky.social"))
    }

    @Test func unknownAndMalformedActorsAreNotFound() async throws {
        let app = try await AppHarness()
        let unknown = await app.respond("/profile/nobody.example")
        let malformed = await app.respond("/profile/%3Cscript%3E")
        await app.shutdown()
        #expect(unknown.status == .notFound)
        #expect(malformed.status == .notFound)
    }
}

/// Everything that comes from the network is hostile until escaped.
@Suite struct HostileContentTests {
    static let evilName = "<img src=x onerror=alert(1)>\"'&"
    static let evilHandle = "\"><script>alert('h')</script>"

    /// The author as the AppView would send them: a handle that is markup cannot be a
    /// `Handle`, so it is dropped when decoded and the DID is shown in its place.
    private static func hostileProfile(did: DID) throws -> ProfileView {
        let json: [String: String] = ["did": did.rawValue, "handle": evilHandle, "cid": "x", "displayName": evilName, "avatar": "javascript:alert(1)"]
        return try JSONDecoder().decode(ProfileView.self, from: JSONEncoder().encode(json))
    }

    @Test func aHandleThatIsMarkupIsNotAHandle() throws {
        let profile = try Self.hostileProfile(did: "did:plc:evil")
        #expect(profile.handle == nil)
        #expect(profile.shownHandle == "did:plc:evil")
    }

    private func hostileLibrary() throws -> FakeStoryLibrary {
        let did: DID = "did:plc:evil"
        var profile = try Self.hostileProfile(did: did)
        profile.description = "</p><script>alert(2)</script>"
        var story = StoryView(
            uri: ATURI(did, .story, "3mevil"), cid: "c", creator: profile, thumb: "javascript:alert(3)",
            fullsize: "javascript:alert(4)", aspectRatio: AspectRatio(width: 10, height: 10), createdAt: "2026-09-04T17:00:00.000Z"
        )
        story.location = HThreeLocation(value: "8a28f0004a77fff", name: "</span><script>alert(5)</script>")
        story.locationDisplay = "<b onmouseover=alert(6)>place</b>"
        let library = FakeStoryLibrary()
        library.update { state in
            state.authors = [StoryAuthor(profile: profile, storyCount: 1, latestAt: story.createdAt)]
            state.stories[did] = [story]
            var detailed = ProfileViewDetailed(did: did, handle: "evil.example")
            detailed.displayName = Self.evilName
            detailed.description = "</p><script>alert(7)</script>"
            detailed.avatar = "data:image/svg+xml,<svg onload=alert(8)>"
            state.profiles[.handle("evil.example")] = detailed
        }
        return library
    }

    private func assertInert(_ html: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!html.contains("<script>alert"), sourceLocation: sourceLocation)
        #expect(!html.contains("<img src=x"), sourceLocation: sourceLocation)
        #expect(!html.contains("<b onmouseover"), sourceLocation: sourceLocation)
        #expect(!html.lowercased().contains("javascript:"), sourceLocation: sourceLocation)
        #expect(!html.contains("data:image/svg"), sourceLocation: sourceLocation)
        #expect(!html.contains("<svg onload"), sourceLocation: sourceLocation)
    }

    @Test func theStripEscapesNamesAndDropsUnsafeImageURLs() async throws {
        let app = try await AppHarness(library: try hostileLibrary())
        let html = await app.respond("/").text
        await app.shutdown()
        assertInert(html)
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;"))
    }

    @Test func theViewerEscapesEverything() async throws {
        let app = try await AppHarness(library: try hostileLibrary())
        let response = await app.respond("/profile/did:plc:evil/story/3mevil")
        await app.shutdown()
        #expect(response.status == .ok)
        assertInert(response.text)
        #expect(response.text.contains("&lt;b onmouseover=alert(6)&gt;place&lt;/b&gt;"))
        // The photo's URL is refused (javascript:): no image, its description on the note.
        let alt = HTMLInspection.attributeValues("aria-label", in: response.text) { $0.contains("viewer-unavailable") }.first ?? ""
        #expect(alt.hasPrefix("Photo story by \(Self.evilName)"))
        #expect(!response.text.contains("src=\"\""))
    }

    @Test func theProfileEscapesEverything() async throws {
        let app = try await AppHarness(library: try hostileLibrary())
        let response = await app.respond("/profile/evil.example")
        await app.shutdown()
        assertInert(response.text)
        #expect(response.text.contains("&lt;/p&gt;&lt;script&gt;alert(7)&lt;/script&gt;"))
    }
}
