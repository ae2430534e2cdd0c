import ATProtoTestKit
import FeatureTestKit
import Foundation
import Testing

@testable import ATProto
@testable import Accounts
@testable import Posting
@testable import Social

/// The publish state machine alone: no database, no PDS, no clock but the one passed in.
@Suite struct PublishMachineTests {
    let machine = PublishMachine()
    let start = Date(timeIntervalSince1970: 1_788_544_800)
    let blob = BlobRef(cid: "bafkreiblob", mimeType: "image/jpeg", size: 1000)
    let story = RecordRef(uri: "at://did:plc:a/social.grain.story/3mstory", cid: "bafyreistory")

    func queued() -> PublishProgress {
        PublishProgress(
            draftID: "d", did: "did:plc:a", pdsURL: "https://pds.example.com", step: .profile, recordCreatedAt: "2026-09-04T12:00:00.000Z", blob: nil,
            storyURI: nil, storyCID: nil, attempts: WriteAttempts(nextAt: start), status: .pending)
    }

    @Test func theStepsRunInOrderAndEndPosted() {
        var progress = queued()
        var ran: [PublishProgress.Step] = []
        let results: [PublishProgress.Step: PublishMachine.StepResult] = [
            .profile: .profileReady, .upload: .uploaded(blob), .story: .storyCreated(story), .crosspost: .crosspostDone,
        ]
        while case .run(let step) = machine.next(progress, now: start) {
            ran.append(step)
            progress = machine.apply(.completed(results[step]!), to: progress, now: start, jitter: 0)
        }
        #expect(ran == [.profile, .upload, .story, .crosspost])
        #expect(machine.next(progress, now: start) == .posted)
        #expect(progress.status == .posted)
        #expect(progress.blob == blob)
        #expect(progress.storyURI == story.uri && progress.storyCID == story.cid)
    }

    @Test func aStoryWithoutItsBlobUploadsFirst() {
        var progress = queued()
        progress.step = .story
        #expect(machine.next(progress, now: start) == .run(.upload))
        progress.blob = blob
        #expect(machine.next(progress, now: start) == .run(.story))
    }

    @Test func transientFailuresBackOffExponentiallyUpToTheCap() {
        var progress = queued()
        progress.step = .upload
        let down = WriteProblem.unavailable(status: 500, error: "InternalServerError", message: nil)
        progress = machine.apply(.failed(.transient(down)), to: progress, now: start, jitter: 0.5)
        #expect(progress.status == .pending)
        #expect(progress.step == .upload, "the same step is retried")
        #expect(progress.attempts.count == 1)
        #expect(progress.attempts.problem == down)
        #expect(progress.attempts.nextAt == start.addingTimeInterval(2.5))
        #expect(machine.next(progress, now: start.addingTimeInterval(2)) == .wait(until: start.addingTimeInterval(2.5)))
        #expect(machine.next(progress, now: start.addingTimeInterval(2.5)) == .run(.upload))
        #expect(machine.backoff(afterAttempts: 3, jitter: 0) == 8)
        #expect(machine.backoff(afterAttempts: 11, jitter: 1) == machine.maxBackoff)
    }

    @Test func aSuccessResetsTheAttempts() {
        var progress = queued()
        progress = machine.apply(.failed(.transient(.timedOut(detail: "timed out (curl 28)"))), to: progress, now: start, jitter: 0)
        progress = machine.apply(.completed(.profileReady), to: progress, now: start, jitter: 0)
        #expect(progress.attempts.count == 0)
        #expect(progress.attempts.problem == nil)
        #expect(progress.step == .upload)
    }

    @Test func itGivesUpAfterMaxAttempts() {
        var progress = queued()
        let busy = WriteProblem.unavailable(status: 503, error: "NotEnoughResources", message: nil)
        for _ in 1..<machine.maxAttempts {
            progress = machine.apply(.failed(.transient(busy)), to: progress, now: start, jitter: 0)
        }
        #expect(progress.status == .pending)
        progress = machine.apply(.failed(.transient(busy)), to: progress, now: start, jitter: 0)
        #expect(progress.status == .failed)
        #expect(progress.attempts.problem == .gaveUp(attempts: machine.maxAttempts, last: busy), "the last cause is kept inside")
        #expect(machine.next(progress, now: start.addingTimeInterval(86_400)) == .failed(.gaveUp(attempts: machine.maxAttempts, last: busy)))
    }

    @Test func aPermanentFailureStopsAtOnceWithItsReason() {
        var progress = queued()
        progress.step = .story
        progress.blob = blob
        let refused = WriteProblem.refused(status: 400, error: "InvalidRecord", message: "bad")
        progress = machine.apply(.failed(.permanent(refused)), to: progress, now: start, jitter: 0)
        #expect(progress.status == .failed)
        #expect(progress.attempts.count == 0, "a refusal is not a try to count")
        #expect(progress.step == .story, "a retry resumes at the failed step")
        #expect(machine.next(progress, now: start) == .failed(refused))
    }

    /// The PDS dropped the upload before the story was written: forget the blob, upload
    /// again at once, and count the attempt so a PDS that keeps losing it ends in failure.
    @Test func aMissingBlobIsUploadedAgainAtOnce() {
        var progress = queued()
        progress.step = .story
        progress.blob = blob
        let lost = WriteProblem.refused(status: 400, error: "BlobNotFound", message: "Could not find blob")
        progress = machine.apply(.failed(.blobMissing(lost)), to: progress, now: start, jitter: 0)
        #expect(progress.blob == nil && progress.step == .story && progress.attempts.count == 1 && progress.status == .pending)
        #expect(machine.next(progress, now: start) == .run(.upload))
        for _ in 1..<machine.maxAttempts {
            progress.blob = blob
            progress = machine.apply(.failed(.blobMissing(lost)), to: progress, now: start, jitter: 0)
        }
        #expect(progress.status == .failed)
        #expect(progress.attempts.problem == .gaveUp(attempts: machine.maxAttempts, last: lost))
    }
}
