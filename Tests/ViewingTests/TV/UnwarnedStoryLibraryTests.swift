import ATProtoTestKit
import FeatureTestKit
import Foundation
import Testing

@testable import ATProto
@testable import Presentation
@testable import Social
@testable import Viewing

/// TV mode skips stories behind a warning (nobody at a TV can choose "Show"); the
/// viewer's library still has them.
@Suite struct UnwarnedStoryLibraryTests {
    @Test func warnLabelledStoriesAreLeftOutAndExpiredWarningsCountForNothing() async throws {
        let maya: DID = "did:plc:hbrpoigf3cbfnobm2o4rak3v"
        let base = FakeStoryLibrary.fixtureScenario()
        let stories = try await base.stories(of: maya).value
        try #require(stories.map(\.rkey.rawValue) == ["3muojebufwseb", "3muovdv3qvkv2", "3mupadw3kg264"])
        try #require(stories[1].labels?.map(\.val) == ["nudity"])
        let now = Date(timeIntervalSince1970: 1_788_544_800)
        let tv = UnwarnedStoryLibrary(base: base, now: { now })
        #expect(try await tv.stories(of: maya).value.map(\.rkey.rawValue) == ["3muojebufwseb", "3mupadw3kg264"])

        // A warning whose label has expired is no warning: the story plays.
        base.update { state in
            state.stories[maya]?[1].labels?[0].exp = Datetime(now.addingTimeInterval(-60))
        }
        #expect(try await tv.stories(of: maya).value.count == 3)
        #expect(try await tv.storyAuthors().value.count == base.storyAuthors().value.count)
    }
}
