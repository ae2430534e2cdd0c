import ATProtoTestKit
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
            storyURI: nil, storyCID: nil, attempts: 0, nextAttemptAt: start, lastError: nil, status: .pending)
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
        progress = machine.apply(.transientFailure("HTTP 500"), to: progress, now: start, jitter: 0.5)
        #expect(progress.status == .pending)
        #expect(progress.step == .upload, "the same step is retried")
        #expect(progress.attempts == 1)
        #expect(progress.lastError == "HTTP 500")
        #expect(progress.nextAttemptAt == start.addingTimeInterval(2.5))
        #expect(machine.next(progress, now: start.addingTimeInterval(2)) == .wait(until: start.addingTimeInterval(2.5)))
        #expect(machine.next(progress, now: start.addingTimeInterval(2.5)) == .run(.upload))
        #expect(machine.backoff(afterAttempts: 3, jitter: 0) == 8)
        #expect(machine.backoff(afterAttempts: 11, jitter: 1) == machine.maxBackoff)
    }

    @Test func aSuccessResetsTheAttempts() {
        var progress = queued()
        progress = machine.apply(.transientFailure("timeout"), to: progress, now: start, jitter: 0)
        progress = machine.apply(.completed(.profileReady), to: progress, now: start, jitter: 0)
        #expect(progress.attempts == 0)
        #expect(progress.lastError == nil)
        #expect(progress.step == .upload)
    }

    @Test func itGivesUpAfterMaxAttempts() {
        var progress = queued()
        for _ in 1..<machine.maxAttempts {
            progress = machine.apply(.transientFailure("HTTP 503"), to: progress, now: start, jitter: 0)
        }
        #expect(progress.status == .pending)
        progress = machine.apply(.transientFailure("HTTP 503"), to: progress, now: start, jitter: 0)
        #expect(progress.status == .failed)
        #expect(progress.lastError == "Gave up after \(machine.maxAttempts) tries: HTTP 503")
        #expect(machine.next(progress, now: start.addingTimeInterval(86_400)) == .failed(reason: progress.lastError!))
    }

    @Test func aPermanentFailureStopsAtOnceWithItsReason() {
        var progress = queued()
        progress.step = .story
        progress.blob = blob
        progress = machine.apply(.permanentFailure("Your PDS refused it"), to: progress, now: start, jitter: 0)
        #expect(progress.status == .failed)
        #expect(progress.step == .story, "a retry resumes at the failed step")
        #expect(machine.next(progress, now: start) == .failed(reason: "Your PDS refused it"))
    }

    /// The PDS dropped the upload before the story was written: forget the blob, upload
    /// again at once, and count the attempt so a PDS that keeps losing it ends in failure.
    @Test func aMissingBlobIsUploadedAgainAtOnce() {
        var progress = queued()
        progress.step = .story
        progress.blob = blob
        progress = machine.apply(.blobMissing("Could not find blob"), to: progress, now: start, jitter: 0)
        #expect(progress.blob == nil && progress.step == .story && progress.attempts == 1 && progress.status == .pending)
        #expect(machine.next(progress, now: start) == .run(.upload))
        for _ in 1..<machine.maxAttempts {
            progress.blob = blob
            progress = machine.apply(.blobMissing("Could not find blob"), to: progress, now: start, jitter: 0)
        }
        #expect(progress.status == .failed)
    }
}
