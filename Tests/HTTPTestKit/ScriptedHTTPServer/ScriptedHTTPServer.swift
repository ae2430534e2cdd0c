import Foundation
import Glibc
import Synchronization
import TestKit

/// A deliberately small HTTP/1.1 server for client tests and fault injection.
///
/// It listens on 127.0.0.1 on an ephemeral port, runs the accept loop and each
/// connection on dedicated threads (never the cooperative pool), records every request
/// it parses, and answers each one with whatever `Action` the test's handler returns:
/// a normal response or a fault (stall, garbage, early close, huge body). Keep-alive is
/// honoured, so connection reuse is observable through `acceptedConnections`.
///
/// The handler runs on a connection thread and may block (for example on a `TestGate`).
/// Call `stop()` when done; it wakes every thread, which then closes its socket.
package final class ScriptedHTTPServer: Sendable {
    package typealias Handler = @Sendable (Request) -> Action
    /// Sees each request's head (its `body` still empty) before the body is read.
    package typealias HeadHandler = @Sendable (Request) -> HeadDecision

    package let port: Int
    let handler: Handler
    let headHandler: HeadHandler?
    let listener: Int32
    /// A pipe whose read end becomes readable on `stop()`; every thread polls it.
    let stopPipe: (read: Int32, write: Int32)
    let state = Mutex(State())

    struct State: ~Copyable {
        var acceptedConnections = 0
        var requests: [Request] = []
        var waiters: [Waiter] = []
        var nextWaiterID = 0
        var stopped = false
    }

    /// Starts listening and accepting at once.
    package convenience init(_ handler: @escaping Handler) throws {
        try self.init(headHandler: nil, handler: handler)
    }

    /// Starts listening and accepting at once; `onHead` decides, before a request's body
    /// is read, whether to read it at all (for faults in the middle of an upload).
    package convenience init(onHead: @escaping HeadHandler, handler: @escaping Handler) throws {
        try self.init(headHandler: onHead, handler: handler)
    }

    private init(headHandler: HeadHandler?, handler: @escaping Handler) throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw TestSocket.Failure(call: "pipe", code: errno) }
        let (listener, port) = try TestSocket.bindLoopback(backlog: 128)
        self.listener = listener
        self.port = port
        self.stopPipe = (fds[0], fds[1])
        self.handler = handler
        self.headHandler = headHandler
        let thread = Thread { [self] in self.acceptLoop() }
        thread.start()
    }

    deinit {
        close(stopPipe.read)
        close(stopPipe.write)
    }

    /// `http://127.0.0.1:<port>`.
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    /// `baseURL` followed by `path`.
    package func url(_ path: String) -> String { baseURL + path }

    /// How many connections have been accepted so far.
    package var acceptedConnections: Int { state.withLock { $0.acceptedConnections } }

    /// Every request parsed so far, in arrival order.
    package var requests: [Request] { state.withLock { $0.requests } }

    /// Wakes every server thread; each closes its socket and exits. Idempotent.
    package func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first {
            var byte: UInt8 = 1
            _ = write(stopPipe.write, &byte, 1)
        }
    }

    private func acceptLoop() {
        Thread.current.name = "scripted-http-accept"
        defer { close(listener) }
        while true {
            switch TestSocket.waitReadable(listener, stop: stopPipe.read, milliseconds: 1000) {
            case .stopped: return
            case .timedOut: continue
            case .readable: break
            }
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else { continue }
            // Head and body go out in separate writes; without this, Nagle's algorithm
            // and the client's delayed ACK add ~40 ms to every response.
            var noDelay: Int32 = 1
            _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            let number = recordAccept()
            let thread = Thread { [self] in
                Thread.current.name = "scripted-http-\(number)"
                ScriptedConnection(descriptor: descriptor, number: number, server: self).run()
            }
            thread.start()
        }
    }

    private func recordAccept() -> Int {
        update { state in
            state.acceptedConnections += 1
            return state.acceptedConnections
        }
    }

    func record(_ request: Request) {
        update { $0.requests.append(request) }
    }
}
