package import FoundationEssentials
package import GrainSupport

/// The bookkeeping of a write's attempts, one for every write an account makes through
/// this server (a draft being published, a favourite or a comment on its way): how many
/// tries have failed in a row, when the next is due, what went wrong last, and the one
/// rule for giving up. The publisher (`PublishProgress`) and the social outbox
/// (`SocialWrite`) each keep one and decide nothing of this themselves.
///
/// Transient failures wait `RetrySchedule.backoff` (a lost upload is tried again at once)
/// until `RetrySchedule.maxAttempts` failures in a row, then the write is given up with
/// `.gaveUp` wrapping the last problem; any other failure stops it at once.
package struct WriteAttempts: Sendable, Equatable {
    /// Failed tries in a row (a step that succeeds starts the count again).
    package var count: Int
    /// When the next try is due.
    package var nextAt: Date
    /// What went wrong last; nil before any failure and after a success.
    package var problem: WriteProblem?

    package init(count: Int = 0, nextAt: Date, problem: WriteProblem? = nil) {
        self.count = count
        self.nextAt = nextAt
        self.problem = problem
    }

    /// What a failure means for the write.
    package enum Verdict: Sendable, Equatable {
        /// Still on its way: tried again at this moment.
        case retry(at: Date)
        /// Stopped: refused, signed out, or given up after too many tries. `problem` says which.
        case stopped
    }

    /// Counts `failure`; `jitter` (0...1 seconds, random in production) keeps many
    /// retries from arriving at a PDS together.
    package mutating func record(_ failure: PDSWriteFailure, now: Date, schedule: RetrySchedule, jitter: Double) -> Verdict {
        switch failure {
        case .permanent(let problem):
            self.problem = problem
            return .stopped
        case .transient(let problem), .blobMissing(let problem):
            count += 1
            guard count < schedule.maxAttempts else {
                self.problem = .gaveUp(attempts: count, last: problem)
                return .stopped
            }
            self.problem = problem
            // A lost upload is sent again at once (still counted, so a PDS that keeps
            // losing it ends in failure, not a loop).
            if case .blobMissing = failure { nextAt = now } else { nextAt = now.addingTimeInterval(schedule.backoff(afterAttempts: count, jitter: jitter)) }
            return .retry(at: nextAt)
        }
    }

    /// A try (or a step of one) succeeded: the count starts again and nothing is wrong.
    package mutating func succeeded() {
        count = 0
        problem = nil
    }
}
