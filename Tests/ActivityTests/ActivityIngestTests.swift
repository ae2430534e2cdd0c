import ATProto
import ATProtoTestKit
import Activity
import FeatureTestKit
import Foundation
import LoggingTestKit
import Synchronization
import Testing

/// What the follower keeps of each event, and what it refuses to believe.
@Suite struct ActivityIngestTests {
    let repository = InMemoryActivityRepository()
    let subjects = FakeSubjects()
    let audience = FakeAudience()
    let pushed = Pushed()
    let log = LogCapture()
    var ingest: ActivityIngest {
        ActivityIngest(
            repository: repository, subjects: subjects, audience: audience, local: { [People.alice, People.bob] },
            added: { [pushed] item, certain in if certain { pushed.add(item) } }, logger: log.logger())
    }
    var time: Int64 = 1_780_000_000_000_000

    mutating func event(_ did: DID, _ kind: JetstreamEvent.Kind) -> JetstreamEvent {
        time += 1000
        return JetstreamEvent(did: did, timeMicroseconds: time, kind: kind)
    }

    func heart(_ rkey: String, on subject: ATURI, _ operation: JetstreamCommit.Operation = .create) -> JetstreamEvent.Kind {
        .commit(
            JetstreamCommit(
                operation: operation, collection: .grainFavorite, rkey: RecordKey(wireText: rkey)!, rev: "r",
                record: operation == .delete ? nil : .favorite(subject: subject)))
    }

    @Test mutating func aHeartOnAnExistingStoryIsKeptAndPushedOnceEvenWhenReplayed() async throws {
        let story = People.story(of: People.alice)
        subjects.set(story, .story)
        let created = event(People.dave, heart("3lfav2222222a", on: story))
        try await ingest.handle(created)
        try await ingest.handle(created)
        let items = try await repository.items(for: People.alice, limit: 10)
        #expect(items.count == 1)
        #expect(items.first?.actor == People.dave)
        #expect(items.first?.kind == .heartOnStory)
        #expect(pushed.all.count == 1)
        #expect(try await repository.unseenCount(for: People.alice) == 1)
    }

    @Test mutating func aHeartOnAStoryThatDoesNotExistOrCannotBeCheckedIsNotBelieved() async throws {
        let invented = People.story(of: People.alice, "3linvented22a")
        try await ingest.handle(event(People.dave, heart("3lfav2222222a", on: invented)))
        let unreachable = People.story(of: People.alice, "3lunreach222a")
        subjects.set(unreachable, .unknown)
        try await ingest.handle(event(People.dave, heart("3lfav3333333a", on: unreachable)))
        let notAStory = People.story(of: People.alice, "3lcomment999a")
        subjects.set(notAStory, .comment(story: People.story(of: People.alice)))
        try await ingest.handle(event(People.dave, heart("3lfav4444444a", on: notAStory)))
        #expect(try await repository.items(for: People.alice, limit: 10).isEmpty)
        #expect(pushed.all.isEmpty)
        #expect(log.lines.contains { $0.contains("could not be checked") })
    }

    @Test mutating func aBlockedPersonsHeartIsNeitherKeptNorPushedAndUnsureBlocksKeepItUnpushed() async throws {
        let story = People.story(of: People.alice)
        subjects.set(story, .story)
        audience.block(People.mallory, by: People.alice)
        try await ingest.handle(event(People.mallory, heart("3lfav2222222a", on: story)))
        #expect(try await repository.items(for: People.alice, limit: 10).isEmpty)
        audience.unsure.withLock { _ = $0.insert(People.alice) }
        try await ingest.handle(event(People.dave, heart("3lfav3333333a", on: story)))
        #expect(try await repository.items(for: People.alice, limit: 10).count == 1)
        #expect(pushed.all.isEmpty)
    }

    @Test mutating func aDeletedCommentDisappearsAndItsReplayedCreateStaysGone() async throws {
        let story = People.story(of: People.alice)
        subjects.set(story, .story)
        let comment = JetstreamCommit.Record.comment(JetstreamComment(text: "nice", subject: story))
        let create = event(
            People.dave,
            .commit(JetstreamCommit(operation: .create, collection: .grainComment, rkey: RecordKey(wireText: "3lcomment222a")!, rev: "r", record: comment)))
        try await ingest.handle(create)
        #expect(try await repository.items(for: People.alice, limit: 10).map(\.kind) == [.commentOnStory])
        try await ingest.handle(
            event(
                People.dave,
                .commit(JetstreamCommit(operation: .delete, collection: .grainComment, rkey: RecordKey(wireText: "3lcomment222a")!, rev: "r", record: nil))))
        #expect(try await repository.items(for: People.alice, limit: 10).isEmpty)
        #expect(try await repository.unseenCount(for: People.alice) == 0)
        try await ingest.handle(create)
        #expect(try await repository.items(for: People.alice, limit: 10).isEmpty)
        #expect(pushed.all.count == 1)
    }

    @Test mutating func aHeartOnACommentTakesTheCommentsStoryAndAReplyMustBeOnThatStory() async throws {
        let story = People.story(of: People.carol)
        let bobsComment = People.comment(of: People.bob, "3lcomment111a")
        subjects.set(bobsComment, .comment(story: story))
        try await ingest.handle(event(People.dave, heart("3lfav2222222a", on: bobsComment)))
        let hearted = try await repository.items(for: People.bob, limit: 10)
        #expect(hearted.map(\.kind) == [.heartOnComment])
        #expect(hearted.first?.story == story)
        #expect(hearted.first?.comment == bobsComment)
        let elsewhere = JetstreamComment(text: "lying", subject: People.story(of: People.carol, "3lotherstorya"), replyTo: bobsComment)
        try await ingest.handle(
            event(
                People.dave,
                .commit(
                    JetstreamCommit(
                        operation: .create, collection: .grainComment, rkey: RecordKey(wireText: "3lcomment333a")!, rev: "r", record: .comment(elsewhere)))))
        #expect(try await repository.items(for: People.bob, limit: 10).count == 1, "a reply claiming another story is not believed")
    }

    @Test mutating func aTakenDownAccountTakesItsActivityWithIt() async throws {
        let story = People.story(of: People.alice)
        subjects.set(story, .story)
        try await ingest.handle(event(People.dave, heart("3lfav2222222a", on: story)))
        try await ingest.handle(event(People.dave, .account(active: false, status: "deactivated")))
        #expect(try await repository.items(for: People.alice, limit: 10).count == 1, "deactivated may come back")
        try await ingest.handle(event(People.dave, .account(active: false, status: "takendown")))
        #expect(try await repository.items(for: People.alice, limit: 10).isEmpty)
    }
}
