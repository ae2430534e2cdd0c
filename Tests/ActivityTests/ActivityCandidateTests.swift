import ATProto
import ATProtoTestKit
import Activity
import Foundation
import Testing

/// Who an event concerns, decided before any network work.
@Suite struct ActivityCandidateTests {
    let now = Date(timeIntervalSince1970: 1_780_000_000)
    let local: Set<DID> = [People.alice, People.bob, People.carol]

    @Test func aHeartOnAStoryConcernsItsAuthorOnlyWhenSignedInHereAndNotTheirOwn() {
        let record = People.favorite(of: People.dave, "3lfav2222222a")
        let onAlice = ActivityCandidate.candidates(
            actor: People.dave, record: record, commit: .favorite(subject: People.story(of: People.alice)), at: now, local: local)
        #expect(onAlice.map(\.item.recipient) == [People.alice])
        #expect(onAlice.first?.item.kind == .heartOnStory)
        #expect(onAlice.first?.mustExist == People.story(of: People.alice))
        let onStranger = ActivityCandidate.candidates(
            actor: People.dave, record: record, commit: .favorite(subject: People.story(of: People.mallory)), at: now, local: local)
        #expect(onStranger.isEmpty)
        let own = ActivityCandidate.candidates(
            actor: People.alice, record: record, commit: .favorite(subject: People.story(of: People.alice)), at: now, local: local)
        #expect(own.isEmpty)
    }

    @Test func aCommentGivesEachPersonOneItemAReplyOutranksTheStoryAndAMention() {
        let story = People.story(of: People.alice)
        let answered = People.comment(of: People.alice, "3lcomment111a")
        let comment = JetstreamComment(text: "hello", subject: story, replyTo: answered, mentions: [People.alice, People.bob, People.mallory])
        let record = People.comment(of: People.dave, "3lcomment222a")
        let items = ActivityCandidate.candidates(actor: People.dave, record: record, commit: .comment(comment), at: now, local: local).map(\.item)
        #expect(items.map(\.recipient) == [People.alice, People.bob])
        #expect(items[0].kind == .replyToComment)
        #expect(items[0].comment == record)
        #expect(items[1].kind == .mention)
        #expect(items.allSatisfy { $0.text == "hello" && $0.story == story && $0.actor == People.dave })
    }
}
