import ATProto
import ATProtoTestKit
import Activity
import Testing

/// Jetstream's JSON, decoded once and checked where it enters.
@Suite struct JetstreamEventTests {
    @Test func aFavoriteCreateDecodesWithTheRepositoryAsItsAuthor() throws {
        let story = People.story(of: People.alice)
        let text =
            #"{"did":"\#(People.bob.rawValue)","time_us":1725911162329308,"kind":"commit","commit":{"rev":"3l3qo2vutsw2b","operation":"create","collection":"social.grain.favorite","rkey":"3l3qo2vuowo2b","record":\#(People.favoriteJSON(story)),"cid":"bafyrei"}}"#
        let event = try JetstreamEvent.decode(text)
        #expect(event.did == People.bob)
        #expect(event.timeMicroseconds == 1_725_911_162_329_308)
        guard case .commit(let commit) = event.kind else {
            Issue.record("not a commit")
            return
        }
        #expect(commit.operation == .create)
        #expect(commit.collection == .grainFavorite)
        #expect(commit.rkey.rawValue == "3l3qo2vuowo2b")
        #expect(commit.record == .favorite(subject: story))
    }

    @Test func aCommentKeepsItsReplyAndMentionsAndDeletesNeedNoRecord() throws {
        let story = People.story(of: People.alice)
        let reply = People.comment(of: People.carol, "3lcomment222a")
        let create =
            #"{"did":"\#(People.bob.rawValue)","time_us":5,"kind":"commit","commit":{"rev":"r","operation":"create","collection":"social.grain.comment","rkey":"3lcomment333a","record":\#(People.commentJSON("hi", on: story, replyTo: reply, mentions: [People.dave, People.dave]))}}"#
        guard case .commit(let commit) = try JetstreamEvent.decode(create).kind, case .comment(let comment) = commit.record else {
            Issue.record("not a comment")
            return
        }
        #expect(comment == JetstreamComment(text: "hi", subject: story, replyTo: reply, mentions: [People.dave]))
        let delete =
            #"{"did":"\#(People.bob.rawValue)","time_us":6,"kind":"commit","commit":{"rev":"r","operation":"delete","collection":"social.grain.comment","rkey":"3lcomment333a"}}"#
        guard case .commit(let deleted) = try JetstreamEvent.decode(delete).kind else {
            Issue.record("not a commit")
            return
        }
        #expect(deleted.operation == .delete)
        #expect(deleted.record == nil)
    }

    @Test func identityAccountAndOtherCollectionsOnlyMoveTheCursor() throws {
        let identity = try JetstreamEvent.decode(
            #"{"did":"\#(People.bob.rawValue)","time_us":7,"kind":"identity","identity":{"did":"\#(People.bob.rawValue)","handle":"bob.test","seq":1,"time":"x"}}"#
        )
        #expect(identity.kind == .identity)
        let account = try JetstreamEvent.decode(
            #"{"did":"\#(People.bob.rawValue)","time_us":8,"kind":"account","account":{"active":false,"did":"\#(People.bob.rawValue)","seq":2,"time":"x","status":"takendown"}}"#
        )
        #expect(account.kind == .account(active: false, status: "takendown"))
        let like = try JetstreamEvent.decode(
            #"{"did":"\#(People.bob.rawValue)","time_us":9,"kind":"commit","commit":{"rev":"r","operation":"create","collection":"app.bsky.feed.like","rkey":"3lx","record":{}}}"#
        )
        #expect(like.kind == .other)
    }

    @Test(arguments: [
        "not json",
        #"{"did":"bob","time_us":1,"kind":"identity"}"#,
        #"{"did":"did:plc:bob00000000000000000000000","kind":"identity"}"#,
        #"{"did":"did:plc:bob00000000000000000000000","time_us":1,"kind":"commit"}"#,
        #"{"did":"did:plc:bob00000000000000000000000","time_us":1,"kind":"commit","commit":{"operation":"create","collection":"social.grain.favorite","rkey":"3lx","record":{"subject":"https://example.com"}}}"#,
        #"{"did":"did:plc:bob00000000000000000000000","time_us":1,"kind":"commit","commit":{"operation":"create","collection":"social.grain.favorite","rkey":"3lx"}}"#,
        #"{"did":"did:plc:bob00000000000000000000000","time_us":1,"kind":"commit","commit":{"operation":"create","collection":"social.grain.comment","rkey":"3lx","record":{"subject":"at://did:plc:alice000000000000000000000/social.grain.story/3lx"}}}"#,
        #"{"did":"did:plc:bob00000000000000000000000","time_us":1,"kind":"commit","commit":{"operation":"explode","collection":"social.grain.comment","rkey":"3lx"}}"#,
    ])
    func malformedFramesAreRefusedWithAReason(text: String) {
        #expect(throws: JetstreamDecodingError.self) { try JetstreamEvent.decode(text) }
    }
}
