import ATProto
import ATProtoTestKit
import Foundation
import Testing

@testable import Presentation
@testable import Social

/// Threads one level deep, as Grain shows them.
@Suite struct CommentNestingTests {
    let bob: DID = "did:plc:bob222222222222222222222"

    private func shown(_ rkey: String, replyTo: String? = nil) -> CommentMerge.Shown {
        CommentMerge.Shown(
            view: CommentView(
                uri: ATURI(bob, .grainComment, RecordKey(rkey)!), cid: "bafy", author: ProfileView(did: bob, handle: nil), text: rkey,
                replyTo: replyTo.map { ATURI(bob, .grainComment, RecordKey($0)!) }, createdAt: Datetime(Date(timeIntervalSince1970: 1_788_544_000))),
            pending: nil)
    }

    private func layout(_ comments: [CommentMerge.Shown]) -> [String] {
        CommentNesting.threads(comments).map { thread in
            ([thread.comment] + thread.replies).map { $0.view.text }.joined(separator: " ")
        }
    }

    @Test func aReplyIsShownUnderItsCommentAndAReplyToAReplyUnderTheTopLevelOne() {
        let page = [shown("a"), shown("b"), shown("a1", replyTo: "a"), shown("a1x", replyTo: "a1"), shown("b1", replyTo: "b"), shown("c")]
        #expect(layout(page) == ["a a1 a1x", "b b1", "c"])
    }

    @Test func aReplyWhoseCommentIsNotOnThePageStaysAtTheTopLevel() {
        #expect(layout([shown("x", replyTo: "elsewhere"), shown("y", replyTo: "x")]) == ["x y"])
    }

    @Test func aLoopOfRepliesLosesNoComment() {
        #expect(layout([shown("p", replyTo: "q"), shown("q", replyTo: "p"), shown("r", replyTo: "r")]).sorted() == ["p", "q", "r"])
    }
}
