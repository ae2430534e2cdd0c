import CMicroHTTPD
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization
import WorkerThreads

/// The thread that accepts connections and hands them to libmicrohttpd.
///
/// libmicrohttpd 0.9.75 accepts at most ten connections per turn of a worker's event
/// loop, and a turn also serves every connection that is ready. With thousands of busy
/// connections a turn takes milliseconds, so a burst of connects (10,000 clients at once
/// in `scripts/bench-connections`) waited up to 9 s in the kernel's accept queue, and
/// the requests of the last ones took that long (BENCHMARKS.md, "Accepting as fast as
/// clients connect"). Here a thread of its own accepts until the queue is empty, asks
/// the accept policy (`ConnectionSlots.admit`, which counts an admitted connection at
/// once) and passes each admitted socket to `MHD_add_connection`, which queues it for a
/// worker; the worker takes all of its queued connections at the start of its next turn.
///
/// At the hard limit (`daemonConnectionLimit`, counted by `HandedOverConnections`) no
/// more are accepted: new clients wait in the kernel's queue, as they did with
/// libmicrohttpd's own loop, until the count has dropped, checked every `pause`
/// (libmicrohttpd's loop checked once a turn). When the process is out of descriptors
/// or memory, accepting pauses the same way instead of spinning.
final class AcceptLoop: Sendable {
    private let wake: Int32
    private let stopping = Atomic(false)
    private let finished = DispatchSemaphore(value: 0)

    /// How long accepting pauses at the hard limit or when accept(2) finds no resources.
    static let pause: Int32 = 50  // milliseconds

    /// Starts accepting from `listener` into `daemon` (started with
    /// `MHD_USE_NO_LISTEN_SOCKET`); with `limit` connections handed over, accepting waits.
    init(
        listener: Int32, daemon: OpaquePointer, limit: Int, slots: ConnectionSlots,
        handedOver: HandedOverConnections, log: @escaping @Sendable (String) -> Void
    ) throws(HTTPServerError) {
        let wake = cmhd_wake_descriptor()
        guard wake >= 0 else {
            throw HTTPServerError(.startFailed, "could not create the accept thread's wake-up descriptor (\(String(cString: strerror(errno))))")
        }
        self.wake = wake
        let daemon = UncheckedDaemon(pointer: daemon)
        DedicatedThread.start(name: "http-accept", stackSize: 512 << 10) { [self] in
            run(listener: listener, daemon: daemon.pointer, limit: limit, slots: slots, handedOver: handedOver, log: log)
            finished.signal()
        }
    }

    /// Ends the thread and waits for it; afterwards nothing more is handed to the daemon.
    func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        signal()
        finished.wait()
    }

    deinit { close(wake) }

    private func signal() {
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
    }

    private func run(
        listener: Int32, daemon: OpaquePointer, limit: Int, slots: ConnectionSlots,
        handedOver: HandedOverConnections, log: @Sendable (String) -> Void
    ) {
        var address = sockaddr_storage()
        var length = socklen_t(0)
        var warned = false
        while !stopping.load(ordering: .sequentiallyConsistent) {
            guard handedOver.take(below: limit) else {
                wait(for: nil, milliseconds: Self.pause)
                continue
            }
            let socket = cmhd_accept(listener, &address, &length)
            if socket < 0 {
                handedOver.release()
                switch errno {
                case EAGAIN, EWOULDBLOCK:
                    wait(for: listener, milliseconds: -1)
                case EINTR, ECONNABORTED, EPROTO, EPERM:
                    continue  // that client is gone (or a firewall refused it); the next may not be
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    if !warned {
                        log("accept: \(String(cString: strerror(errno))); accepting pauses until descriptors or memory come free")
                        warned = true
                    }
                    wait(for: nil, milliseconds: Self.pause)
                default:
                    log("accept: \(String(cString: strerror(errno)))")
                    wait(for: nil, milliseconds: Self.pause)
                }
                continue
            }
            let admission = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { slots.admit(SocketAddress.text(of: $0), descriptor: socket) }
            }
            for _ in 0..<admission.abandoned { handedOver.release() }
            guard let peer = admission.peer else {
                close(socket)
                handedOver.release()
                continue
            }
            // MHD closes the socket itself when it cannot take it; a connection it takes
            // is given back by the close notification.
            let added = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { MHD_add_connection(daemon, socket, $0, length) }
            }
            if added != .YES {
                slots.closed(peer)
                handedOver.release()
            }
        }
    }

    /// Blocks until `descriptor` is readable (when given), the thread is woken, or the
    /// time runs out (-1: never); then empties the wake-up counter.
    private func wait(for descriptor: Int32?, milliseconds: Int32) {
        var descriptors = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        if let descriptor { descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
        _ = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        if descriptors[0].revents != 0 {
            var count: UInt64 = 0
            _ = read(wake, &count, 8)
        }
    }
}

/// The daemon pointer carried into the accept thread: libmicrohttpd allows
/// `MHD_add_connection` from any thread for a daemon with its own threads and ITC.
private struct UncheckedDaemon: @unchecked Sendable {
    let pointer: OpaquePointer
}
