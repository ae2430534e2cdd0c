import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing
import Viewing

@testable import GrainStoriesWeb

/// A story whose photo this server will not proxy (an address that is not `https`)
/// leaves no trace of an image: no `<img src="">` (which a browser fetches as the page
/// itself) and no `og:image` pointing at the bare site address, in the viewer, its link
/// preview, on TV and on the profile.
@Suite struct RefusedImageTests {
    static let maya: DID = "did:plc:hbrpoigf3cbfnobm2o4rak3v"

    @Test func aPhotoThatCannotBeShownLeavesNoEmptySourceAndNoPreviewImage() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        library.update { state in
            for index in state.stories[Self.maya]!.indices {
                state.stories[Self.maya]![index].fullsize = "http://refused.example/f/\(index).jpg"
                state.stories[Self.maya]![index].thumb = "http://refused.example/t/\(index).jpg"
            }
        }
        let story = try #require(try await library.stories(of: Self.maya).value.first)
        let app = try await AppHarness(library: library)
        let viewer = await app.respond(StoryLinks.story(did: Self.maya, handle: nil, rkey: story.rkey), headers: [("Host", "stories.local")]).text
        let tv = await app.respond("/tv?at=\(Self.maya.rawValue)/\(story.rkey.rawValue)").text
        let profile = await app.respond(StoryLinks.profile(Self.maya)).text
        await app.shutdown()
        for html in [viewer, tv, profile] {
            #expect(!html.contains("src=\"\""))
            #expect(!html.contains("refused.example"))
        }
        #expect(StorySharingTests.meta("og:title", in: viewer) != nil, "the preview is there")
        #expect(StorySharingTests.meta("og:image", in: viewer) == nil, "without an image")
        #expect(StorySharingTests.meta("twitter:card", in: viewer) == "summary")
        #expect(viewer.contains("This photo cannot be shown."))
        #expect(tv.contains("This photo cannot be shown."))
        // Her three tiles without a photo: two say so, the warned one gives its warning.
        #expect(HTMLInspection.count("Photo not available", in: profile) == 2)
        #expect(HTMLInspection.count("<span class=\"story-tile-note\">", in: profile) == 3)
    }
}
