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
        pthread_cond_init(condition, nil)
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
    /// Wakes one waiting thread.
    public func signal() { pthread_cond_signal(condition) }
    /// Wakes every waiting thread.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
