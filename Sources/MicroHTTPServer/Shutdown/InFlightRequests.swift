import Synchronization

/// The requests whose handlers are running (their connections suspended), and whether
/// the server is draining.
///
/// `MHD_stop_daemon` with a suspended connection is an API violation that aborts the
/// process, so shutdown stops accepting, waits for this set to empty, and force-completes
/// whatever is left before stopping. Starting a handler and checking the drain flag
/// happen under one lock, so once draining began and the set is empty it stays empty.
final class InFlightRequests: Sendable {
    private struct State {
        var isDraining = false
        var requests: [ObjectIdentifier: RequestState] = [:]
    }

    private let state = Mutex(State())
    /// `State.isDraining` as well, read without the lock: every request's head asks it,
    /// and the lock is shared by all of libmicrohttpd's threads. Set under the lock, so
    /// `begin` still decides with the lock's value.
    private let draining = Atomic<Bool>(false)

    /// Registers a request about to be suspended; false once draining began.
    func begin(_ request: RequestState) -> Bool {
        state.withLock { state in
            guard !state.isDraining else { return false }
            state.requests[ObjectIdentifier(request)] = request
            return true
        }
    }

    /// Unregisters a request whose connection was resumed.
    func end(_ request: RequestState) {
        _ = state.withLock { $0.requests.removeValue(forKey: ObjectIdentifier(request)) }
    }

    /// From now on `begin` refuses, and new requests are answered 503.
    func beginDraining() {
        state.withLock { state in
            state.isDraining = true
            draining.store(true, ordering: .releasing)
        }
    }

    var isDraining: Bool {
        draining.load(ordering: .acquiring)
    }

    var count: Int {
        state.withLock { $0.requests.count }
    }

    /// The requests still running, for force-completion at the end of the grace period.
    func snapshot() -> [RequestState] {
        state.withLock { Array($0.requests.values) }
    }
}
