import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing
import Viewing

/// Every page whose `<title>` holds a name from the network (a display name: anyone can
/// set it to markup) prints it there as text. A title is RCDATA: a browser reads it up to
/// the first `</title>`, so a name printed raw ends the title early and whatever follows
/// is markup. Each test reads the title as a browser does and wants exactly the escaped
/// name in it: it fails when the title is printed raw (as trusted HTML, or with `{{{…}}}`)
/// and when it is escaped twice.
@Suite struct PageTitleEscapingTests {
    static let name = "</title><script>alert(1)</script> & \"Tom\" 'T' <b>"
    static let escaped = "&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Tom&quot; &#39;T&#39; &lt;b&gt;"
    static let did: DID = "did:plc:titles22222222222222222"
    static let handle: Handle = "titles.test"

    /// The text of the page's title element as a browser's tokenizer reads it: from the
    /// first `<title>` to the first `</title>` after it.
    static func title(of html: String) -> String? {
        guard let open = html.range(of: "<title>"), let close = html[open.upperBound...].range(of: "</title>") else { return nil }
        return String(html[open.upperBound..<close.lowerBound])
    }

    /// A person named `name`, with one story on the strip.
    static let author = StoryAuthor(
        profile: ProfileView(did: did, handle: handle, displayName: name), storyCount: 1, latestAt: "2026-09-04T17:00:00.000Z")
    static let storyPath = "/profile/\(did)/story/\(FakeStoryLibrary.syntheticStories(for: author)[0].uri.rkey?.rawValue ?? "")"

    /// The author's story, and their profile.
    static func library() -> FakeStoryLibrary {
        let library = FakeStoryLibrary()
        library.update { state in
            state.authors = [author]
            state.stories[did] = FakeStoryLibrary.syntheticStories(for: author)
            var profile = ProfileViewDetailed(did: did, handle: handle)
            profile.displayName = name
            state.profiles[.did(did)] = profile
            state.profiles[.handle(handle)] = profile
        }
        return library
    }

    private func expectTitle(_ path: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let app = try await AppHarness(library: Self.library())
        let response = await app.respond(path)
        await app.shutdown()
        #expect(response.status == .ok, "\(path)", sourceLocation: sourceLocation)
        #expect(Self.title(of: response.text) == expected, "\(path)", sourceLocation: sourceLocation)
    }

    @Test func aProfilesTitleHoldsTheNameAsText() async throws {
        try await expectTitle("/profile/\(Self.handle)", "\(Self.escaped) (@\(Self.handle)) · GrainStories")
    }

    @Test func aStorysTitleHoldsItsAuthorsNameAsText() async throws {
        try await expectTitle(Self.storyPath, "Story by \(Self.escaped) · GrainStories")
    }

    @Test func aStorysCommentsPageTitleHoldsItsAuthorsNameAsText() async throws {
        try await expectTitle(Self.storyPath + "/comments", "Comments on \(Self.escaped)’s story · GrainStories")
    }

    @Test func theTVsTitleHoldsTheNameOfWhoseStoryPlaysAsText() async throws {
        try await expectTitle("/tv", "\(Self.escaped) · TV · GrainStories")
    }

    /// The archive: the signed-in person's own profile (its title names them, as it names
    /// anyone) and a story of theirs that has left the strip, opened from it.
    @Test func theArchivesTitlesHoldTheOwnersNameAsText() async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        let alice = DID(FakePDS.Account.alice.did)!
        let aliceHandle = Handle(FakePDS.Account.alice.handle)!
        var creator = ProfileView(did: alice, handle: aliceHandle)
        creator.displayName = Self.name
        var story = StoryView(
            uri: ATURI(alice, .story, "3mtitlearchive"), cid: "bafytitlearchive", creator: creator, thumb: "https://cdn.grain.social/t/title",
            fullsize: "https://cdn.grain.social/f/title", aspectRatio: AspectRatio(width: 1500, height: 2000), createdAt: "2026-09-01T12:00:00.000Z")
        story.expired = true
        let library = FakeStoryLibrary()
        library.update { state in
            var profile = ProfileViewDetailed(did: alice, handle: aliceHandle)
            profile.displayName = Self.name
            state.profiles[.did(alice)] = profile
            state.profiles[.handle(aliceHandle)] = profile
            state.archive[alice] = [story]
            state.single[story.uri] = story
        }
        let app = try await AppHarness(library: library)
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        let profile = await browser.get("/profile/\(aliceHandle)").text
        let archived = await browser.get("/profile/\(aliceHandle)/story/3mtitlearchive").text
        await app.shutdown()
        #expect(HTMLInspection.section("archive", in: profile).contains("3mtitlearchive"), "the profile shows the archive")
        #expect(Self.title(of: profile) == "\(Self.escaped) (@\(aliceHandle)) · GrainStories")
        #expect(archived.contains("This story is more than 24 hours old."), "the archived story is shown")
        #expect(Self.title(of: archived) == "Story by \(Self.escaped) · GrainStories")
    }
}
