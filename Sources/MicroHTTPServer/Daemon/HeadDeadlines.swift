import Glibc
import Synchronization

/// How long a connection may take to deliver a request head: from being accepted, or
/// from its previous response, to the end of the head.
///
/// libmicrohttpd's timeout is an idle timeout, reset by every byte, so a client sending
/// one byte every few seconds could hold a connection (and its share of the limits)
/// forever. A sweeper thread shuts down the sockets of connections past this limit;
/// MHD then reads end-of-stream and closes them itself. The shutdown happens under the
/// same lock as the closed notification, which MHD sends before it closes the socket,
/// so a descriptor is never touched after MHD could have reused it.
final class HeadDeadlines: Sendable {
    private struct Entry {
        let descriptor: Int32
        /// When the connection began waiting for a head; nil while a request is in progress.
        var waitingSince: ContinuousClock.Instant?
    }

    let limit: Duration
    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    init(limit: Duration) {
        self.limit = limit
    }

    func opened(_ peer: CountedPeer, descriptor: Int32) {
        guard descriptor >= 0 else { return }
        entries.withLock { $0[ObjectIdentifier(peer)] = Entry(descriptor: descriptor, waitingSince: .now) }
    }

    func headArrived(_ peer: CountedPeer) {
        entries.withLock { $0[ObjectIdentifier(peer)]?.waitingSince = nil }
    }

    func requestFinished(_ peer: CountedPeer) {
        entries.withLock { $0[ObjectIdentifier(peer)]?.waitingSince = .now }
    }

    func closed(_ peer: CountedPeer) {
        _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(peer)) }
    }

    /// Shuts down every connection whose head is overdue at `now`; returns how many.
    @discardableResult
    func sweep(now: ContinuousClock.Instant = .now) -> Int {
        entries.withLock { entries in
            var count = 0
            for (key, entry) in entries {
                guard let since = entry.waitingSince, now - since > limit else { continue }
                _ = Glibc.shutdown(entry.descriptor, Int32(SHUT_RDWR))
                entries[key]?.waitingSince = nil
                count += 1
            }
            return count
        }
    }
}
