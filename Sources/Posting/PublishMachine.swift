package import ATProto
package import FoundationEssentials
package import GrainSupport

/// The publish state machine, with no I/O: given a draft's `PublishProgress` and the
/// time, `next` says what to do (run a step, wait for the backoff, or stop as posted or
/// failed); given the outcome of a step, `apply` returns the progress to store. The
/// `Publisher` performs the steps (`PublishSteps`) and persists what `apply` returns.
///
/// Transient failures (no answer, timeouts, 5xx, 429) are retried with exponential
/// backoff (2^attempts seconds plus jitter, at most `maxBackoff`) until `maxAttempts`;
/// any other failure stops publishing with a reason the person sees and can retry.
package struct PublishMachine: Sendable, Equatable {
    /// What the driver should do now.
    package enum Action: Sendable, Equatable {
        case run(PublishProgress.Step)
        /// Nothing is due before this moment.
        case wait(until: Date)
        case posted
        case failed(reason: String)
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
        case transientFailure(String)
        case permanentFailure(String)
        /// The story step found the uploaded blob gone: upload again at once (counted as
        /// an attempt, so a PDS that keeps losing it ends in failure, not a loop).
        case blobMissing(String)
    }

    /// Backoff and giving up, shared with favourites and comments.
    package var schedule = RetrySchedule()
    package var maxAttempts: Int { schedule.maxAttempts }
    package var maxBackoff: TimeInterval { schedule.maxBackoff }

    package init() {}

    package func next(_ progress: PublishProgress, now: Date) -> Action {
        switch progress.status {
        case .failed: return .failed(reason: progress.lastError ?? "")
        case .posted: return .posted
        case .pending: break
        }
        if progress.step == .done { return .posted }
        if progress.nextAttemptAt > now { return .wait(until: progress.nextAttemptAt) }
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
            next.attempts = 0
            next.lastError = nil
        case .transientFailure(let reason):
            next.countFailedAttempt(reason, maxAttempts: maxAttempts) { attempts in
                now.addingTimeInterval(backoff(afterAttempts: attempts, jitter: jitter))
            }
        case .permanentFailure(let reason):
            next.status = .failed
            next.lastError = reason
        case .blobMissing(let reason):
            next.blob = nil
            next.countFailedAttempt(reason, maxAttempts: maxAttempts) { _ in now }
        }
        return next
    }

    /// Seconds to wait after `attempts` transient failures in a row.
    package func backoff(afterAttempts attempts: Int, jitter: Double) -> TimeInterval {
        schedule.backoff(afterAttempts: attempts, jitter: jitter)
    }
}

extension PublishProgress {
    /// One more failed attempt for `reason`: given up at `maxAttempts`, else tried again
    /// at `retryAt(attempts)`.
    fileprivate mutating func countFailedAttempt(_ reason: String, maxAttempts: Int, retryAt: (Int) -> Date) {
        attempts += 1
        lastError = reason
        if attempts >= maxAttempts {
            status = .failed
            lastError = "Gave up after \(attempts) tries: \(reason)"
        } else {
            nextAttemptAt = retryAt(attempts)
        }
    }
}
