import ATProto
import ATProtoTestKit
import Accounts
import AppTestKit
import Foundation
import GrainStoriesWeb
import Social
import Testing

/// `SocialWriteRepository`'s contract, on every adapter: a record is created from here
/// exactly once, an undo is never due before what it undoes, a finished write stays
/// finished, and lists are oldest first.
@Suite struct SocialWriteRepositoryContractTests {
    let alice: DID = "did:plc:alice55555555555555555555"
    let bob: DID = "did:plc:bob5555555555555555555555"
    let story: ATURI = "at://did:plc:hbrpoigf3cbfnobm2o4rak3v/social.grain.story/3muojebufwseb"
    let other: ATURI = "at://did:plc:hbrpoigf3cbfnobm2o4rak3v/social.grain.story/3muojebufwsec"
    let pds = "https://pds.example"
    let start = Date(timeIntervalSince1970: 1_788_544_800)

    func insert(
        _ writes: any SocialWriteRepository, _ kind: SocialWrite.Kind, _ rkey: RecordKey, by did: DID? = nil, on subject: ATURI? = nil,
        text: String? = nil, at offset: TimeInterval = 0
    ) async throws -> SocialWrite {
        let at = start.addingTimeInterval(offset)
        return try await writes.insert(
            did: did ?? alice, pdsURL: pds, kind: kind, rkey: rkey, subject: subject ?? story, text: text, createdAt: Datetime(at), now: at)
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func aRecordIsCreatedFromHereOnceWhileItsUndoMayBeAskedForAgain(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let writes = repositories.socialWrites
            let heart = try await insert(writes, .favorite, "3mheart00001")
            await #expect(throws: (any Error).self, "a second favourite of the same record") { _ = try await insert(writes, .favorite, "3mheart00001") }
            _ = try await insert(writes, .comment, "3mcomment0001", text: "hi")
            await #expect(throws: (any Error).self, "a second comment with the same key") {
                _ = try await insert(writes, .comment, "3mcomment0001", text: "again")
            }
            _ = try await insert(writes, .favorite, "3mheart00001", by: bob)
            _ = try await insert(writes, .unfavorite, "3mheart00001")
            _ = try await insert(writes, .unfavorite, "3mheart00001")

            #expect(try await writes.unfinished(of: alice, kinds: [.favorite]).map(\.id) == [heart.id], "the refused one left nothing behind")
            #expect(try await writes.unfinished(of: alice, kinds: [.unfavorite]).count == 2)
            #expect(try await writes.find(heart.id) == heart, "an insert returns the write as stored")
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func aReplyKeepsWhatItAnswersAndItsFacetsAndAHeartOnACommentItsSubject(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let writes = repositories.socialWrites
            let comment: ATURI = "at://did:plc:bob5555555555555555555555/social.grain.comment/3mcomment0001"
            let mention = RichTextFacet(index: .init(byteStart: 0, byteEnd: 4), features: [.mention(bob)])
            let reply = try await writes.insert(
                did: alice, pdsURL: pds, kind: .comment, rkey: "3mreply000001", subject: story, text: "@bob hi", replyTo: comment, facets: [mention],
                createdAt: Datetime(start), now: start)
            #expect(reply.replyTo == comment)
            #expect(reply.facets == [mention])
            #expect(try await writes.find(reply.id) == reply, "kept as given")
            let plain = try await insert(writes, .comment, "3mcomment0009", text: "plain")
            #expect(try await writes.find(plain.id)?.replyTo == nil)
            #expect(try await writes.find(plain.id)?.facets == nil)
            let heart = try await insert(writes, .favorite, "3mheart00009", on: comment)
            #expect(try await writes.unfinished(of: alice, kinds: [.favorite]).map(\.subject) == [comment])
            #expect(try await writes.comments(on: story, since: start).map(\.id) == [reply.id, plain.id], "a heart on a comment is not a comment")
            await #expect(throws: (any Error).self, "a second heart with the same key") { _ = try await insert(writes, .favorite, heart.rkey, on: comment) }
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func anUndoIsNeverDueBeforeWhatItUndoes(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let writes = repositories.socialWrites
            let heart = try await insert(writes, .favorite, "3mheart00002")
            let undo = try await insert(writes, .unfavorite, "3mheart00002")
            let unrelated = try await insert(writes, .favorite, "3mheart00003")
            let bobs = try await insert(writes, .unfavorite, "3mheart00002", by: bob)

            #expect(try await writes.due(now: start).map(\.id) == [heart.id, unrelated.id, bobs.id])
            #expect(try await writes.waitsForEarlier(undo))
            #expect(try await !writes.waitsForEarlier(unrelated))
            #expect(try await writes.due(now: start, limit: 1).map(\.id) == [heart.id])

            var failed = heart
            failed.status = .failed
            try await writes.save(failed)
            #expect(try await writes.due(now: start).map(\.id) == [undo.id, unrelated.id, bobs.id], "once the first is finished, the undo goes")
            #expect(try await !writes.waitsForEarlier(undo))
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func aFinishedWriteStaysFinishedAndOnlyPendingOnesChange(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let writes = repositories.socialWrites
            var write = try await insert(writes, .comment, "3mcomment0002", text: "hello")
            write.attempts.count = 1
            write.attempts.nextAt = start.addingTimeInterval(30)
            write.attempts.problem = .unavailable(status: 502, error: "UpstreamFailure", message: nil)
            try await writes.save(write)
            #expect(try await writes.find(write.id) == write)
            #expect(try await writes.nextDue() == start.addingTimeInterval(30))
            #expect(try await writes.due(now: start).isEmpty, "not due before its next attempt")

            var done = write
            done.status = .done
            done.attempts.problem = nil
            try await writes.save(done)
            var late = write
            late.attempts.count = 2
            try await writes.save(late)
            #expect(try await writes.find(write.id) == done, "a late outcome of an earlier attempt does not undo 'done'")
            #expect(try await writes.nextDue() == nil)
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func commentListsAreOldestFirstAndHousekeepingForgetsOnlyOldFinishedWrites(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let writes = repositories.socialWrites
            var old = try await insert(writes, .comment, "3mcomment0010", text: "old", at: -3 * 86_400)
            let first = try await insert(writes, .comment, "3mcomment0011", text: "first", at: -10)
            let removal = try await insert(writes, .uncomment, "3mcomment0011", at: -5)
            var refused = try await insert(writes, .comment, "3mcomment0012", text: "refused")
            _ = try await insert(writes, .comment, "3mcomment0013", on: other, text: "elsewhere")
            _ = try await insert(writes, .favorite, "3mheart00010")
            refused.status = .failed
            try await writes.save(refused)

            #expect(
                try await writes.comments(on: story, since: start.addingTimeInterval(-10)).map(\.id) == [first.id, removal.id],
                "oldest first, not failed, not other stories or hearts")
            #expect(try await writes.comment(of: alice, rkey: "3mcomment0011")?.text == "first")
            #expect(try await writes.comment(of: bob, rkey: "3mcomment0011") == nil)

            old.status = .done
            try await writes.save(old)
            try await writes.deleteFinished(before: start.addingTimeInterval(-86_400))
            #expect(try await writes.find(old.id) == nil)
            #expect(try await writes.find(refused.id) != nil, "finished, but recent")
            #expect(try await writes.find(first.id) != nil, "pending")
        }
    }
}
