package import ATProto
package import Accounts
package import FoundationEssentials
package import GrainSupport

/// The publish state machine, with no I/O: given a draft's `PublishProgress` and the
/// time, `next` says what to do (run a step, wait for the backoff, or stop as posted or
/// failed); given the outcome of a step, `apply` returns the progress to store. The
/// `Publisher` performs the steps (`PublishSteps`) and persists what `apply` returns.
///
/// Retrying and giving up are the attempts' bookkeeping (`WriteAttempts`, shared with
/// favourites and comments): transient failures (no answer, timeouts, 5xx, 429) are
/// retried with backoff until too many in a row; any other failure stops publishing
/// with its problem, which the draft page says in words and offers to retry.
package struct PublishMachine: Sendable, Equatable {
    /// What the driver should do now.
    package enum Action: Sendable, Equatable {
        case run(PublishProgress.Step)
        /// Nothing is due before this moment.
        case wait(until: Date)
        case posted
        case failed(WriteProblem?)
    }

    /// What a completed step produced.
    package enum StepResult: Sendable, Equatable {
        case profileReady
        case uploaded(BlobRef)
        case storyCreated(RecordRef)
        case crosspostDone
    }

    /// How a step went.
    package enum Outcome: Sendable, Equatable {
        case completed(StepResult)
        /// The step failed: retried later (transient), at once (the uploaded blob is gone:
        /// upload again), or not (permanent), as `WriteAttempts` rules.
        case failed(PDSWriteFailure)
    }

    /// Backoff and giving up, shared with favourites and comments.
    package var schedule = RetrySchedule()
    package var maxAttempts: Int { schedule.maxAttempts }
    package var maxBackoff: TimeInterval { schedule.maxBackoff }

    package init() {}

    package func next(_ progress: PublishProgress, now: Date) -> Action {
        switch progress.status {
        case .failed: return .failed(progress.attempts.problem)
        case .posted: return .posted
        case .pending: break
        }
        if progress.step == .done { return .posted }
        if progress.attempts.nextAt > now { return .wait(until: progress.attempts.nextAt) }
        // A story needs the uploaded blob; without one, upload (again) first.
        if progress.step == .story, progress.blob == nil { return .run(.upload) }
        return .run(progress.step)
    }

    /// The progress after `outcome`; `jitter` (0...1 seconds, random in production) keeps
    /// many retries from arriving at the PDS together.
    package func apply(_ outcome: Outcome, to progress: PublishProgress, now: Date, jitter: Double) -> PublishProgress {
        var next = progress
        switch outcome {
        case .completed(let result):
            switch result {
            case .profileReady:
                next.step = .upload
            case .uploaded(let blob):
                next.blob = blob
                next.step = .story
            case .storyCreated(let ref):
                next.storyURI = ref.uri
                next.storyCID = ref.cid
                next.step = .crosspost
            case .crosspostDone:
                next.step = .done
                next.status = .posted
            }
            next.attempts.succeeded()
        case .failed(let failure):
            if case .blobMissing = failure { next.blob = nil }
            if next.attempts.record(failure, now: now, schedule: schedule, jitter: jitter) == .stopped { next.status = .failed }
        }
        return next
    }

    /// Seconds to wait after `attempts` transient failures in a row.
    package func backoff(afterAttempts attempts: Int, jitter: Double) -> TimeInterval {
        schedule.backoff(afterAttempts: attempts, jitter: jitter)
    }
}
