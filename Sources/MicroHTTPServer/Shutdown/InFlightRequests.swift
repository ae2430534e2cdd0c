import Synchronization

/// The requests whose handlers are running (their connections suspended), and whether
/// the server is draining.
///
/// `MHD_stop_daemon` with a suspended connection is an API violation that aborts the
/// process, so shutdown stops accepting, waits for this set to empty, and force-completes
/// whatever is left before stopping. Starting a handler and checking the drain flag
/// happen under one lock, so once draining began and the set is empty it stays empty.
final class InFlightRequests: Sendable {
    private let requests = Mutex<[ObjectIdentifier: RequestState]>([:])
    /// Whether draining began. Read without the lock by every request's head (the lock is
    /// shared by all of libmicrohttpd's threads), but set, and read by `begin`, only while
    /// holding it, so a request either registered before draining began or is refused.
    private let draining = Atomic<Bool>(false)

    /// Registers a request about to be suspended; false once draining began.
    func begin(_ request: RequestState) -> Bool {
        requests.withLock { requests in
            // The lock orders this load after the store `beginDraining` makes under it.
            guard !draining.load(ordering: .relaxed) else { return false }
            requests[ObjectIdentifier(request)] = request
            return true
        }
    }

    /// Unregisters a request whose connection was resumed.
    func end(_ request: RequestState) {
        _ = requests.withLock { $0.removeValue(forKey: ObjectIdentifier(request)) }
    }

    /// From now on `begin` refuses, and new requests are answered 503.
    func beginDraining() {
        requests.withLock { _ in draining.store(true, ordering: .releasing) }
    }

    var isDraining: Bool {
        draining.load(ordering: .acquiring)
    }

    var count: Int {
        requests.withLock { $0.count }
    }

    /// The requests still running, for force-completion at the end of the grace period.
    func snapshot() -> [RequestState] {
        requests.withLock { Array($0.values) }
    }
}
