import Glibc

/// A loopback port on which connections are refused at once: the socket is bound (so no
/// one else can take the port while this value lives) but never listens.
package final class RefusingPort: Sendable {
    package let port: Int
    private let descriptor: Int32

    package init() throws {
        let bound = try TestSocket.bindLoopback(backlog: nil)
        descriptor = bound.descriptor
        port = bound.port
    }

    deinit { close(descriptor) }

    /// `http://127.0.0.1:<port>` followed by `path`.
    package func url(_ path: String = "/") -> String { "http://127.0.0.1:\(port)\(path)" }
}

/// A loopback port where connecting hangs: it listens with a backlog of 0 and never
/// accepts, and its accept queue is filled first, so the kernel drops further SYNs and
/// a client's connect neither succeeds nor fails until its own timeout.
package final class UnansweredListener: Sendable {
    package let port: Int
    private let descriptor: Int32
    private let fillers: [Int32]

    package init() throws {
        let bound = try TestSocket.bindLoopback(backlog: 0)
        descriptor = bound.descriptor
        port = bound.port
        fillers = (0..<4).compactMap { _ in TestSocket.startConnect(port: bound.port) }
    }

    deinit {
        for filler in fillers { close(filler) }
        close(descriptor)
    }

    package func url(_ path: String = "/") -> String { "http://127.0.0.1:\(port)\(path)" }
}
