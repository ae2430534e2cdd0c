import Foundation
import Glibc
import Synchronization

/// A loopback listener that accepts every connection, counts it and closes it at once:
/// shows whether a client got as far as a TCP connection (whatever it meant to say).
package final class AcceptCountingListener: Sendable {
    private final class Counter: Sendable {
        let value = Mutex(0)
    }

    package let port: Int
    private let descriptor: Int32
    private let stopRead: Int32
    private let stopWrite: Int32
    private let counter = Counter()
    private let finished = DispatchSemaphore(value: 0)

    package init() throws {
        let bound = try TestSocket.bindLoopback(backlog: 16)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            let code = errno
            close(bound.descriptor)
            throw TestSocket.Failure(call: "pipe", code: code)
        }
        descriptor = bound.descriptor
        port = bound.port
        stopRead = fds[0]
        stopWrite = fds[1]
        let (listener, stop, counter, finished) = (bound.descriptor, fds[0], counter, finished)
        Thread {
            while TestSocket.waitReadable(listener, stop: stop, milliseconds: 60_000) != .stopped {
                let connection = accept(listener, nil, nil)
                if connection >= 0 {
                    counter.value.withLock { $0 += 1 }
                    close(connection)
                }
            }
            finished.signal()
        }.start()
    }

    /// Connections accepted so far.
    package var acceptedCount: Int { counter.value.withLock { $0 } }

    /// `https://<host>:<port>/`: the listener under a name of the caller's choice.
    package func url(host: String, scheme: String = "https") -> String { "\(scheme)://\(host):\(port)" }

    /// Stops accepting and closes the socket (call once).
    package func stop() {
        _ = write(stopWrite, "x", 1)
        finished.wait()
        close(descriptor)
        close(stopRead)
        close(stopWrite)
    }
}
