import Synchronization

/// How many accepted connections libmicrohttpd holds: counted up when `AcceptLoop` hands
/// one over, down when MHD refuses it or reports it closed.
///
/// The count, not MHD's, decides when accepting waits, because libmicrohttpd 0.9.75 must
/// never find a handed-over connection above its own limit: `new_connection_process_`
/// (daemon.c) then returns with the worker's `cleanup_connection_mutex` still locked, and
/// the worker deadlocks on its next connection, so `MHD_stop_daemon` never returns.
/// `MHDDaemon` therefore gives MHD a limit that no worker can reach while this count
/// stays within `daemonConnectionLimit`.
final class HandedOverConnections: Sendable {
    private let count = Atomic(0)

    /// Takes a place if fewer than `limit` are held; false when at the limit.
    func take(below limit: Int) -> Bool {
        var current = count.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = count.compareExchange(
                expected: current, desired: current + 1, ordering: .acquiringAndReleasing
            )
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Gives a place back (refused by MHD, or closed).
    func release() { count.subtract(1, ordering: .acquiringAndReleasing) }
}
