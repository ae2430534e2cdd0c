import ATProto
import ATProtoTestKit
import Accounts
import AppTestKit
import FeatureTestKit
import Foundation
import GrainStoriesWeb
import GrainSupport
import Posting
import Testing

/// `DraftRepository`'s contract, on every adapter: the quota is checked in the same
/// atomic step as the insert (concurrent uploads cannot pass it together), publishing
/// starts once, a step's result is kept only while the draft is still publishing, a
/// cancel only works before the story exists, and lists keep their order and owner.
@Suite struct DraftRepositoryContractTests {
    let alice: DID = "did:plc:alice44444444444444444444"
    let bob: DID = "did:plc:bob4444444444444444444444"
    let pds = "https://pds.example"
    let start = Date(timeIntervalSince1970: 1_788_544_800)

    func draft(
        _ id: DraftID, of did: DID? = nil, on pdsURL: String? = nil, bytes: Int = 1000, state: Draft.State = .draft, at offset: TimeInterval = 0
    ) -> Draft {
        Draft(
            id: id, did: did ?? alice, pdsURL: pdsURL ?? pds, storyRKey: RecordKey("3ms\(id)")!, postRKey: RecordKey("3mp\(id)")!,
            photoBytes: bytes, width: 40, height: 30, gpsCell: nil, place: nil, labels: [], crosspost: false, state: state,
            createdAt: start.addingTimeInterval(offset))
    }

    func account(_ did: DID, on pdsURL: String) -> AccountSession {
        AccountSession(
            idHash: "h", did: did, handle: nil, displayName: nil, pdsURL: pdsURL,
            tokens: PDSSession(did: did, handle: nil, accessToken: Secret("a"), refreshToken: Secret("r")))
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func concurrentInsertsNeverPassTheQuotaTogether(adapter: RepositoryAdapter) async throws {
        try await adapter.with { (repositories: Repositories) async throws in
            let drafts = repositories.drafts
            let quota = DraftQuota(maxDrafts: 3, maxBytes: 1 << 30)
            let outcomes = await withTaskGroup(of: DraftQuota.Exceeded?.self) { group in
                for n in 0..<12 {
                    let draft = draft("q\(n)")
                    group.addTask {
                        do {
                            switch try await drafts.insert(draft, within: quota) {
                            case .inserted: return nil
                            case .refused(let refusal): return refusal
                            }
                        } catch {
                            return .tooManyBytes(limit: -1)
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == nil }.count == 3)
            #expect(outcomes.compactMap { $0 }.allSatisfy { $0 == .tooManyDrafts(limit: 3) })
            #expect(try await drafts.usage(of: alice) == DraftQuota.Usage(drafts: 3, bytes: 3000))
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func theQuotaCountsUnpostedDraftsAndEveryPhotosBytes(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let drafts = repositories.drafts
            try await drafts.insert(draft("posted", bytes: 600, state: .posted))
            try await drafts.insert(draft("open", bytes: 300))
            try await drafts.insert(draft("bobs", of: bob, bytes: 5000))
            #expect(try await drafts.usage(of: alice) == DraftQuota.Usage(drafts: 1, bytes: 900))
            #expect(
                try await drafts.insert(draft("big", bytes: 101), within: DraftQuota(maxDrafts: 10, maxBytes: 1000))
                    == .refused(.tooManyBytes(limit: 1000)))
            #expect(try await drafts.find("big") == nil, "a refused draft is not stored")
            #expect(try await drafts.insert(draft("fits", bytes: 100), within: DraftQuota(maxDrafts: 10, maxBytes: 1000)) == .inserted)
            #expect(try await drafts.find("fits") != nil)
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func publishingStartsOnceAndAStepIsKeptOnlyWhileStillPublishing(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let drafts = repositories.drafts
            try await drafts.insert(draft("d"))
            #expect(try await drafts.progress("d") == nil)
            #expect(try await drafts.publish("d", place: nil, labels: ["nudity"], crosspost: true, createdAt: Datetime(start), now: start))
            #expect(
                try await !drafts.publish("d", place: nil, labels: [], crosspost: false, createdAt: Datetime(start), now: start),
                "pressing Publish twice queues it once")
            #expect(try await !drafts.startPublishing("d", createdAt: Datetime(start), now: start))
            #expect(try await drafts.find("d")?.labels == ["nudity"])
            var progress = try #require(try await drafts.progress("d"))
            #expect(progress.step == .profile && progress.status == .pending && progress.attempts.count == 0)

            progress.step = .upload
            #expect(try await drafts.save(progress))
            #expect(try await drafts.cancel("d"), "before the story exists")
            #expect(try await drafts.find("d")?.state == .draft)
            #expect(try await drafts.progress("d") == nil)
            progress.step = .story
            #expect(try await !drafts.save(progress), "a step finishing after the cancel is not kept")
            #expect(try await drafts.find("d")?.state == .draft)

            #expect(try await drafts.startPublishing("d", createdAt: Datetime(start), now: start))
            progress.storyURI = ATURI(alice, .story, RecordKey("3msd"))
            progress.step = .done
            progress.status = .posted
            #expect(try await drafts.save(progress))
            #expect(try await drafts.find("d")?.state == .posted, "the state is stored with the progress")
            #expect(try await !drafts.cancel("d"), "once the story exists, cancelling would not undo it")
            #expect(try await !drafts.save(progress), "a posted draft is no longer publishing")
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func dueDraftsComeEarliestFirstAndRetryPutsAFailedOneBack(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let drafts = repositories.drafts
            for (id, delay): (DraftID, Double) in [("late", 60.0), ("soon", 10.0), ("never", 0.0)] {
                try await drafts.insert(draft(id))
                if id != "never" { try await drafts.startPublishing(id, createdAt: Datetime(start), now: start.addingTimeInterval(delay)) }
            }
            #expect(try await drafts.nextDue() == start.addingTimeInterval(10))
            #expect(try await drafts.due(now: start.addingTimeInterval(59)).map(\.draftID) == ["soon"])
            #expect(try await drafts.due(now: start.addingTimeInterval(60)).map(\.draftID) == ["soon", "late"])
            #expect(try await drafts.due(now: start.addingTimeInterval(60), limit: 1).map(\.draftID) == ["soon"])

            var failed = try #require(try await drafts.progress("soon"))
            failed.status = .failed
            failed.attempts.count = 5
            failed.attempts.problem = .gaveUp(attempts: 5, last: .refused(status: 400, error: "InvalidRecord", message: "“bad” record"))
            #expect(try await drafts.save(failed))
            #expect(try await drafts.progress("soon")?.attempts.problem == failed.attempts.problem, "the problem is kept as the value it was")
            #expect(try await drafts.find("soon")?.state == .failed)
            #expect(try await drafts.due(now: start.addingTimeInterval(60)).map(\.draftID) == ["late"])
            try await drafts.retry("soon", now: start.addingTimeInterval(70))
            let retried = try #require(try await drafts.progress("soon"))
            #expect(retried.status == .pending && retried.attempts.count == 0 && retried.attempts.problem == nil)
            #expect(retried.attempts.nextAt == start.addingTimeInterval(70))
            try await drafts.retry("late", now: start)
            #expect(try await drafts.progress("late")?.attempts.nextAt == start.addingTimeInterval(60), "a first attempt not yet made is not moved")
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func listsKeepTheirOwnerOrderAndAge(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let drafts = repositories.drafts
            try await drafts.insert(draft("old", at: 0))
            try await drafts.insert(draft("new-b", at: 100))
            try await drafts.insert(draft("new-a", at: 100))
            try await drafts.insert(draft("posted", state: .posted, at: 50))
            try await drafts.insert(draft("failed", state: .failed, at: -10))
            try await drafts.insert(draft("other-pds", on: "https://elsewhere.example", at: 200))
            try await drafts.insert(draft("bobs", of: bob, at: 200))
            try await drafts.startPublishing("old", createdAt: Datetime(start), now: start)

            let unfinished = try await drafts.unfinished(of: account(alice, on: pds))
            #expect(unfinished.map(\.draft.id) == ["new-a", "new-b", "old", "failed"], "newest first, ties by id; only this DID on this PDS")
            #expect(unfinished.map { $0.progress != nil } == [false, false, true, false])
            #expect(try await drafts.unfinished(of: account(alice, on: pds), limit: 2).map(\.draft.id) == ["new-a", "new-b"])
            #expect(try await drafts.posted(since: start.addingTimeInterval(50)).map(\.id) == ["posted"])
            #expect(try await drafts.posted(since: start.addingTimeInterval(51)).isEmpty)
            #expect(Set(try await drafts.abandoned(before: start.addingTimeInterval(60)).map(\.id)) == ["posted"], "publishing is not abandoned")
            #expect(try await drafts.failed(before: start).map(\.id) == ["failed"])
            #expect(try await drafts.find(did: alice, storyRKey: RecordKey("3msold"))?.id == "old")
            #expect(try await drafts.find(did: bob, storyRKey: RecordKey("3msold")) == nil)
            try await drafts.delete("old")
            #expect(try await drafts.allIDs() == ["new-b", "new-a", "posted", "failed", "other-pds", "bobs"])
        }
    }
}
