import Glibc

/// A gate a scripted answer waits at until the test opens it: the deterministic way to
/// make "the request has been handled but its answer has not arrived yet" last exactly
/// as long as a test needs (to cancel, to crash, to look), without a delay. A pipe, so a
/// connection thread can wait for it together with the server's stop pipe.
package final class ScriptedGate: Sendable, Equatable {
    let pipe: (read: Int32, write: Int32)

    package init() {
        var fds: [Int32] = [0, 0]
        precondition(Glibc.pipe(&fds) == 0, "pipe() failed")
        pipe = (fds[0], fds[1])
    }

    deinit {
        close(pipe.read)
        close(pipe.write)
    }

    /// Lets every answer waiting at the gate (and any later one) go.
    package func open() {
        var byte: UInt8 = 1
        _ = write(pipe.write, &byte, 1)
    }

    package static func == (lhs: ScriptedGate, rhs: ScriptedGate) -> Bool { lhs === rhs }
}
