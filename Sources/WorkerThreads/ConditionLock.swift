import Glibc

/// A mutex with its condition variable (pthread's), for the few places that sleep until
/// another thread says so: the worker pools' idle threads and the photo pipeline's row
/// hand-over.
///
/// Foundation's `NSCondition` does the same, but importing Foundation links all of it,
/// with ICU's 34 MB of data, into every executable that uses these threads: the photo tool
/// (`grain-stories-photo`) must stay small (issue 26).
public final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        // Timed waits count on the monotonic clock, so a change of the wall clock neither
        // cuts them short nor stretches them.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }
    /// Releases the lock, sleeps until signalled (or spuriously: callers loop on their
    /// condition), and takes the lock again.
    public func wait() { pthread_cond_wait(condition, mutex) }
    /// As `wait()`, but returns after `duration` at the latest.
    public func wait(for duration: Duration) {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let (seconds, attoseconds) = duration.components
        let nanoseconds = Int(deadline.tv_nsec) + Int(attoseconds / 1_000_000_000)
        deadline.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_cond_timedwait(condition, mutex, &deadline)
    }
    /// Wakes one waiting thread.
    public func signal() { pthread_cond_signal(condition) }
    /// Wakes every waiting thread.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
