package import FoundationEssentials
import Glibc

/// When a write that failed for a passing reason (no answer, a timeout, 5xx, 429) is
/// tried again, and when trying stops: exponential backoff (2^attempts seconds plus
/// jitter, at most `maxBackoff`) for `maxAttempts` tries. Stories (`PublishMachine`) and
/// favourites and comments (`SocialOutbox`) keep the same rhythm, so a PDS that is down
/// is not asked more often by one than by the other.
package struct RetrySchedule: Sendable, Equatable {
    package var maxAttempts = 12
    package var maxBackoff: TimeInterval = 300

    package init() {}

    /// Seconds to wait after `attempts` transient failures in a row; `jitter` (0...1
    /// seconds, random in production) keeps many retries from arriving together.
    package func backoff(afterAttempts attempts: Int, jitter: Double) -> TimeInterval {
        min(maxBackoff, pow(2, Double(attempts)) + jitter)
    }
}
