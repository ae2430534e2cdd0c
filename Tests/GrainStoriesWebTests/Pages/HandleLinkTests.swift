import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb
@testable import Viewing

/// Stories live at `/profile/{handle}/story/{rkey}`, as at Grain: such links open the
/// story or person (and so do the old DID links), a handle nobody has is a 404 that says
/// so, and every link this server hands out (between pages, Share, link previews) names
/// the person by handle when the handle is a usable one, else by DID.
@Suite struct HandleLinkTests {
    static let maya = "did:plc:hbrpoigf3cbfnobm2o4rak3v"
    static let kenji = "did:plc:ogyr5xkxwnrekpk5yroudocu"
    static let mayaStory = "/profile/mayaokafor.bsky.social/story/3muojebufwseb"

    /// The links in `html` to people and stories on this site (`href` and form `action`).
    static func siteLinks(_ html: String) -> [String] {
        (HTMLInspection.attributeValues("href", in: html) { _ in true } + HTMLInspection.attributeValues("action", in: html) { _ in true })
            .filter { $0.hasPrefix("/profile/") || $0.hasPrefix("/stories/") }
    }

    @Test func aUsableHandleNamesTheLinkAndAnythingElseTheDID() throws {
        let did = try #require(DID(Self.maya))
        let typed = Handle(exactly: "Maya.example.com")
        #expect(StoryLinks.actor(did: did, handle: typed) == .handle(try #require(Handle(exactly: "maya.example.com"))))
        #expect(StoryLinks.actor(did: did, handle: Handle(exactly: "handle.invalid")) == .did(did), "Grain's mark for a handle that does not check out")
        #expect(StoryLinks.actor(did: did, handle: nil) == .did(did))
        let text = "3muojebufwseb"
        let rkey = try #require(RecordKey(text))
        #expect(StoryLinks.story(did: did, handle: typed, rkey: rkey, back: "/") == "/profile/maya.example.com/story/3muojebufwseb")
    }

    @Test func handleAndDIDLinksOpenTheStoryAndAnUnknownHandleIsAClearNotFound() async throws {
        let app = try await AppHarness()
        let byHandle = await app.respond(Self.mayaStory)
        let byDID = await app.respond("/profile/\(Self.maya)/story/3muojebufwseb")
        let person = await app.respond("/stories/mayaokafor.bsky.social")
        let profile = await app.respond("/profile/mayaokafor.bsky.social")
        let unknownStory = await app.respond("/profile/nobody.test/story/3muojebufwseb")
        let unknownPerson = await app.respond("/stories/nobody.test")
        await app.shutdown()
        #expect(byHandle.status == .ok && byHandle.text.contains("Photo story by Maya Okafor, 1 of 3"))
        #expect(byDID.status == .ok && byDID.text.contains("Photo story by Maya Okafor, 1 of 3"), "old DID links keep working")
        #expect(person.status == .seeOther)
        #expect(person.headers["Location"] == Self.mayaStory)
        #expect(profile.status == .ok && profile.text.contains("Maya Okafor"))
        for response in [unknownStory, unknownPerson] {
            #expect(response.status == .notFound)
            #expect(response.text.contains("There is no one called nobody.test on Grain."))
        }
    }

    @Test func everyLinkThePagesHandOutUsesTheHandle() async throws {
        let app = try await AppHarness()
        let viewer = await app.respond(Self.mayaStory, headers: [("Host", "192.168.1.20:8080")]).text
        let home = await app.respond("/").text
        let profile = await app.respond("/profile/\(Self.maya)").text
        await app.shutdown()

        let share = HTMLInspection.attributeValues("value", in: viewer) { $0.contains("class=\"share-link\"") }
        #expect(share == ["http://192.168.1.20:8080\(Self.mayaStory)"])
        #expect(StorySharingTests.meta("og:url", in: viewer) == "http://192.168.1.20:8080\(Self.mayaStory)")
        let links = Self.siteLinks(viewer)
        #expect(links.contains("/profile/mayaokafor.bsky.social/story/3muovdv3qvkv2"), "next: \(links)")
        #expect(links.contains("/profile/mayaokafor.bsky.social"), "the author")
        #expect(links.contains(Self.mayaStory + "/comments"))
        #expect(links.contains { $0.hasPrefix("/profile/tomasreyes.selfhosted.social/story/") }, "the person before, beside the viewer")

        #expect(Self.siteLinks(home).contains("/profile/kenji.photo/story/3mstorydocu0"), "the strip and the grid")
        #expect(Self.siteLinks(profile).contains("/profile/mayaokafor.bsky.social/story/3muojebufwseb?back=%2Fprofile%2Fmayaokafor.bsky.social&from=profile"))
        for (name, html) in [("viewer", viewer), ("home", home), ("profile", profile)] {
            #expect(Self.siteLinks(html).allSatisfy { !$0.contains("did:plc") }, "\(name): \(Self.siteLinks(html).filter { $0.contains("did:plc") })")
        }
    }

    @Test func theHeadersProfileLinkNamesTheSignedInAccountByHandle() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        // The home page twice (the second from its per-visitor stencil) and another page.
        let pages = [await browser.get("/").text, await browser.get("/").text, await browser.get("/stories/new").text]
        await app.shutdown()
        pds.stop()
        for html in pages {
            #expect(html.contains("<a class=\"account-menu-item\" href=\"/profile/alice.test\">Your profile</a>"))
        }
    }

    @Test func aPersonWithoutAUsableHandleIsLinkedByDID() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        let kenji = DID(Self.kenji)!
        library.update { state in
            guard let index = state.authors.firstIndex(where: { $0.profile.did == kenji }) else { return }
            state.authors[index].profile.handle = Handle("handle.invalid")
            state.stories[kenji] = state.stories[kenji]?.map { story in
                var story = story
                story.creator.handle = Handle("handle.invalid")
                return story
            }
        }
        let app = try await AppHarness(library: library)
        let home = await app.respond("/").text
        let story = try #require(try await library.stories(of: kenji).value.first)
        let path = "/profile/\(Self.kenji)/story/\(story.rkey.rawValue)"
        let viewer = await app.respond(path, headers: [("Host", "192.168.1.20:8080")]).text
        await app.shutdown()
        #expect(Self.siteLinks(home).contains("/profile/\(Self.kenji)/story/\(story.rkey.rawValue)"))
        #expect(!home.contains("/stories/handle.invalid"))
        #expect(HTMLInspection.attributeValues("value", in: viewer) { $0.contains("class=\"share-link\"") } == ["http://192.168.1.20:8080\(path)"])
        #expect(StorySharingTests.meta("og:url", in: viewer) == "http://192.168.1.20:8080\(path)")
    }
}
