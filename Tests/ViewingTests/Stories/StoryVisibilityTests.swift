import ATProtoTestKit
import Foundation
import Testing

@testable import ATProto
@testable import Presentation
@testable import Social
@testable import Viewing

/// The one policy every page asks: blocks before hidden people before labels, the viewer
/// never left out of their own view, a warning that nobody can lift where no one can
/// choose (`showsPhotoUnasked`).
@Suite struct StoryVisibilityTests {
    static let now = Date(timeIntervalSince1970: 1_788_544_800)
    static let viewer: DID = "did:plc:viewer2222222222222222222"
    static let blocked: DID = "did:plc:blocked222222222222222222"
    static let hidden: DID = "did:plc:hidden2222222222222222222"
    static let other: DID = "did:plc:other22222222222222222222"

    static func story(by did: DID, labels: [String] = []) -> StoryView {
        var story = StoryView(
            uri: ATURI(did, .story, "3mvisible0001"), cid: "c", creator: ProfileView(did: did, handle: nil), thumb: "https://cdn.example/t",
            fullsize: "https://cdn.example/f", aspectRatio: AspectRatio(width: 3, height: 4), createdAt: "2026-09-04T17:00:00.000Z")
        story.labels = labels.map { Label(val: $0) }
        return story
    }

    @Test func eachStoryGetsOneAnswer() {
        let policy = StoryVisibility(blocked: [Self.blocked, Self.viewer], hidden: [Self.hidden, Self.blocked], viewer: Self.viewer, now: Self.now)
        #expect(policy.story(Self.story(by: Self.other)) == .shown)
        #expect(policy.story(Self.story(by: Self.other, labels: ["nudity"])) == .behindWarning(reason: "Nudity"))
        #expect(policy.story(Self.story(by: Self.other, labels: ["gore"])) == .notShown(.labelled))
        #expect(policy.story(Self.story(by: Self.blocked)) == .notShown(.blocked), "a block wins over hiding")
        #expect(policy.story(Self.story(by: Self.hidden, labels: ["nudity"])) == .notShown(.hidden))
        #expect(policy.story(Self.story(by: Self.viewer, labels: ["nudity"])) == .behindWarning(reason: "Nudity"), "never left out of one's own view")
        #expect(policy.leftOut == [Self.blocked, Self.hidden])
        #expect(!policy.showsPhotoUnasked(Self.story(by: Self.other, labels: ["nudity"])))
        #expect(policy.showsPhotoUnasked(Self.story(by: Self.other)))
    }

    @Test func aVisitorSeesEveryoneAndAnotherAccountsBlocksAddUp() {
        let visitor = StoryVisibility(now: Self.now)
        #expect(visitor.shows(author: Self.blocked) && visitor.leftOut.isEmpty)
        let forAccount = visitor.blocking([Self.other])
        #expect(forAccount.author(Self.other) == .notShown(.blocked))
        #expect(forAccount.shows(author: Self.blocked))
    }
}
