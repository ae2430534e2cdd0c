import ATProto
import ATProtoTestKit
import Foundation
import Testing

@testable import Accounts
@testable import Posting
@testable import Social

/// Local comments laid over the AppView's page; hidden authors left out.
@Suite struct CommentMergeTests {
    let story: ATURI = "at://did:plc:hbrpoigf3cbfnobm2o4rak3v/social.grain.story/3muojebufwseb"
    let alice: DID = "did:plc:alice11111111111111111111"
    let bob: DID = "did:plc:bob222222222222222222222"
    let carol: DID = "did:plc:carol3333333333333333333"

    private func view(_ did: DID, _ rkey: String, _ text: String) -> CommentView {
        CommentView(
            uri: ATURI(did, .grainComment, RecordKey(rkey)!), cid: "bafy", author: ProfileView(did: did, handle: nil),
            text: text, createdAt: Datetime(Date(timeIntervalSince1970: 1_788_544_000)))
    }

    private func write(_ kind: SocialWrite.Kind, _ did: DID, _ rkey: String, status: SocialWrite.Status = .done) -> SocialWrite {
        SocialWrite(
            id: 1, did: did, pdsURL: "https://pds.example.com", kind: kind, rkey: RecordKey(rkey)!, subject: story, text: "local \(rkey)",
            recordCreatedAt: Datetime(Date(timeIntervalSince1970: 1_788_544_500)), status: status,
            attempts: WriteAttempts(nextAt: .now), queuedAt: .now)
    }

    @Test func hiddenAuthorsAreLeftOutOfAppViewAndLocalComments() {
        let page = CommentThreadPage(comments: [view(bob, "3mb1", "bob"), view(carol, "3mc1", "carol")], totalCount: 2)
        let merged = CommentMerge(hiddenAuthors: [carol, alice]).merge(
            page, writes: [write(.comment, alice, "3ma1")], isLastPage: true, author: { ProfileView(did: $0, handle: nil) })
        #expect(merged.comments.map(\.view.text) == ["bob"])
        let open = CommentMerge().merge(page, writes: [write(.comment, alice, "3ma1")], isLastPage: true, author: { ProfileView(did: $0, handle: nil) })
        #expect(open.comments.map(\.view.text) == ["bob", "carol", "local 3ma1"])
    }

    @Test func aLocalCommentIsShownOnceAndADeletedOneNotAtAll() {
        let page = CommentThreadPage(comments: [view(alice, "3ma1", "indexed"), view(bob, "3mb1", "bob")], totalCount: 2)
        let merged = CommentMerge().merge(
            page, writes: [write(.comment, alice, "3ma1"), write(.comment, alice, "3ma2", status: .pending), write(.uncomment, bob, "3mb1")],
            isLastPage: true, author: { ProfileView(did: $0, handle: nil) })
        #expect(merged.comments.map(\.view.text) == ["indexed", "local 3ma2"])
        #expect(merged.comments.last?.pending?.status == .pending, "the local one carries its write, for its state")
        #expect(merged.totalCount == 2)
        let earlier = CommentMerge().merge(page, writes: [write(.comment, alice, "3ma2")], isLastPage: false, author: { ProfileView(did: $0, handle: nil) })
        #expect(earlier.comments.count == 2, "new comments belong on the last page")
    }
}
