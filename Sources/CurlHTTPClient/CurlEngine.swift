import CCurl
import FoundationEssentials
import Synchronization
import WorkerThreads

/// The thread-safe side of the client: a queue of commands for the driver thread, the
/// shutdown state, and the thread itself.
///
/// Callers never touch libcurl. They enqueue a command under the lock and wake the
/// driver thread with `curl_multi_wakeup`; the thread (`CurlMultiLoop`) owns the multi
/// handle and every easy handle and is the only one to call anything else in libcurl.
/// Nothing here blocks, so it is safe to call from the cooperative pool.
final class CurlEngine: Sendable {
    typealias Continuation = CheckedContinuation<Result<HTTPClientResponse, HTTPClientError>, Never>

    /// A request handed to the driver thread, with the continuation it must resume.
    struct Order: Sendable {
        let id: UInt64
        let request: HTTPClientRequest
        let continuation: Continuation
    }

    /// What the driver thread is asked to do.
    enum Command: Sendable {
        case start(Order)
        case cancel(id: UInt64)
    }

    enum Phase: Equatable { case running, shuttingDown, stopped }

    struct State: ~Copyable {
        var commands: [Command] = []
        var phase: Phase
        var shutdownWaiters: [CheckedContinuation<Void, Never>] = []
    }

    let configuration: HTTPClientConfiguration
    private let state: Mutex<State>
    private let multi: MultiHandle?
    private let nextID = Atomic<UInt64>(1)
    /// Why the engine never started, if it did not (libcurl failed to initialise).
    let startupFailure: HTTPClientError?

    init(configuration: HTTPClientConfiguration) {
        self.configuration = configuration
        if curlGlobalInitialised, let pointer = curl_multi_init() {
            let multi = MultiHandle(pointer: pointer)
            self.multi = multi
            self.startupFailure = nil
            self.state = Mutex(State(phase: .running))
            // libcurl's callbacks and OpenSSL's handshakes run on this stack: 2 MiB leaves
            // them room (only the pages used become resident).
            DedicatedThread.start(name: "curl-http-client", stackSize: 2 << 20) { [self] in
                CurlMultiLoop(multi: multi, engine: self).run()
            }
        } else {
            self.multi = nil
            self.startupFailure = HTTPClientError(.other, message: "libcurl failed to initialise")
            self.state = Mutex(State(phase: .stopped))
        }
    }

    func makeTicket() -> TransferTicket {
        TransferTicket(id: nextID.wrappingAdd(1, ordering: .relaxed).oldValue)
    }

    /// Hands a request to the driver thread, or fails it at once if the ticket was
    /// cancelled or the client is shutting down.
    func submit(_ request: HTTPClientRequest, ticket: TransferTicket, continuation: Continuation) {
        var rejection: HTTPClientError?
        let submitted = ticket.submitUnlessCancelled {
            let order = Order(id: ticket.id, request: request, continuation: continuation)
            if !enqueue(.start(order)) {
                rejection = startupFailure ?? HTTPClientError(.shutDown, message: "the HTTP client was shut down")
            }
        }
        if !submitted {
            rejection = HTTPClientError(.cancelled, message: "the request was cancelled")
        }
        if let rejection {
            continuation.resume(returning: .failure(rejection))
        }
    }

    /// Aborts the ticket's transfer if it reached the driver thread; otherwise marks the
    /// ticket so that it never does.
    func cancel(_ ticket: TransferTicket) {
        ticket.cancel { _ = enqueue(.cancel(id: ticket.id)) }
    }

    /// Asks the driver thread to fail everything with `.shutDown`, free libcurl's handles
    /// and exit, and returns once it has.
    func shutdown() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let alreadyStopped = state.withLock { state -> Bool in
                guard state.phase != .stopped else { return true }
                state.phase = .shuttingDown
                state.shutdownWaiters.append(waiter)
                multi?.wakeUp()
                return false
            }
            if alreadyStopped { waiter.resume() }
        }
    }

    /// Starts shutting down without waiting; returns true if the engine was still running.
    func requestShutdown() -> Bool {
        state.withLock { state -> Bool in
            guard state.phase == .running else { return false }
            state.phase = .shuttingDown
            multi?.wakeUp()
            return true
        }
    }

    /// Queues a command while running; false once shutdown has begun.
    private func enqueue(_ command: Command) -> Bool {
        state.withLock { state -> Bool in
            guard state.phase == .running else { return false }
            state.commands.append(command)
            multi?.wakeUp()
            return true
        }
    }

    // MARK: Driver-thread side

    /// The queued commands, and whether the driver thread should stop.
    func takeCommands() -> (commands: [Command], stop: Bool) {
        state.withLock { state in
            let commands = state.commands
            state.commands = []
            return (commands, state.phase != .running)
        }
    }

    /// Called by the driver thread after it has failed every transfer: marks the engine
    /// stopped (no more wake-ups), frees the multi handle and releases the waiters.
    func finishShutdown(cleanUp: () -> Void) {
        let waiters = state.withLock { state in
            state.phase = .stopped
            let waiters = state.shutdownWaiters
            state.shutdownWaiters = []
            return waiters
        }
        cleanUp()
        for waiter in waiters { waiter.resume() }
    }
}
