import ATProtoTestKit
import FeatureTestKit
import Foundation
import HTTPTestKit
import LoggingTestKit
import TestKit
import Testing

@testable import ATProto
@testable import Accounts
@testable import Posting
@testable import Social

/// Cancel stops a post that is still trying and gives the draft back, with everything
/// chosen kept; once the story is on the PDS it cannot be cancelled; and a story whose
/// request was already on its way when Cancel was pressed is taken back, so Cancel holds.
@Suite struct PublishCancelTests {
    @Test func aPostWaitingToTryAgainBecomesAnEditableDraftAgain() async throws {
        let harness = try await PublishingHarness()
        let account = try await harness.signIn()
        harness.pds.inject(.serviceUnavailable, on: "com.atproto.repo.uploadBlob", .always)
        let place = DraftPlace(name: "Kew Gardens", cell: "8a195da4a6e7fff", address: nil)
        let draft = try await harness.queueDraft(did: account.did, place: place, labels: ["nudity"], crosspost: true)
        await harness.publisher.runDue()
        #expect(try await harness.drafts.progress(draft.id)?.attempts.count == 1, "waiting to try again")

        #expect(try await harness.drafts.cancel(draft.id))
        let after = try #require(try await harness.drafts.find(draft.id))
        #expect(after.state == .draft)
        #expect(after.place == place && after.labels == ["nudity"] && after.crosspost, "what was chosen is kept")
        #expect(try await harness.drafts.progress(draft.id) == nil)
        // Nothing tries again, however long one waits.
        harness.advance(3600)
        await harness.publisher.runDue()
        #expect(harness.pds.records("social.grain.story").isEmpty)
        #expect(try await harness.drafts.find(draft.id)?.state == .draft)
        await harness.stop()
    }

    @Test func aStoryCreatedWhileCancelWasPressedIsTakenBack() async throws {
        let harness = try await PublishingHarness()
        let account = try await harness.signIn()
        let gate = ScriptedGate()
        harness.pds.inject(.holdAnswer(until: gate), on: "com.atproto.repo.createRecord")
        let draft = try await harness.queueDraft(did: account.did)
        let publishing = Task { _ = await harness.publisher.runDue() }
        // The PDS has stored the story; its answer has not reached the publisher yet.
        #expect(await eventually { harness.pds.records("social.grain.story").count == 1 })
        #expect(try await harness.drafts.cancel(draft.id))
        gate.open()
        await publishing.value

        #expect(harness.pds.records("social.grain.story").isEmpty, "the story is deleted again")
        #expect(harness.pds.callCount("com.atproto.repo.deleteRecord") == 1)
        #expect(harness.posted.rkeys.isEmpty, "it never shows as posted")
        #expect(try await harness.drafts.find(draft.id)?.state == .draft)
        #expect(harness.logs.lines.contains { $0.contains("publishing cancelled") })

        // Posting it later still makes exactly one story under its key.
        try await harness.drafts.startPublishing(draft.id, createdAt: Datetime(harness.now), now: harness.now)
        await harness.publisher.runDue()
        #expect(harness.pds.records("social.grain.story").map(\.rkey) == [draft.storyRKey.rawValue])
        await harness.stop()
    }

    @Test func onceTheStoryExistsCancelIsRefused() async throws {
        let harness = try await PublishingHarness()
        let account = try await harness.signIn()
        // The story is written; after it, every createRecord (the Bluesky crosspost) fails.
        let gate = ScriptedGate()
        harness.pds.inject(.holdAnswer(until: gate), on: "com.atproto.repo.createRecord")
        let draft = try await harness.queueDraft(did: account.did, crosspost: true)
        let publishing = Task { _ = await harness.publisher.runDue() }
        #expect(await eventually { harness.pds.records("social.grain.story").count == 1 })
        harness.pds.inject(.serviceUnavailable, on: "com.atproto.repo.createRecord", .always)
        gate.open()
        await publishing.value
        let entry = try #require(try await harness.drafts.progress(draft.id))
        #expect(entry.storyURI != nil && entry.step == .crosspost && entry.attempts.count == 1, "the crosspost is waiting to try again")

        #expect(try await harness.drafts.cancel(draft.id) == false)
        #expect(try await harness.drafts.find(draft.id)?.state == .publishing)
        #expect(harness.pds.records("social.grain.story").count == 1)
        await harness.stop()
    }
}
