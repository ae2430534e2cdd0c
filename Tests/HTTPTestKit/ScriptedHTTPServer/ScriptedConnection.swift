import Glibc

/// One accepted connection of a `ScriptedHTTPServer`, on its own thread: parses
/// requests, records them, asks the handler what to do and does it, until the
/// connection closes, the server stops, or it idles for `idleLimit`.
final class ScriptedConnection {
    let descriptor: Int32
    let number: Int
    let server: ScriptedHTTPServer
    /// Bytes received but not yet consumed.
    var buffer: [UInt8] = []
    /// Bounds every wait so a forgotten server cannot keep threads forever.
    let idleLimit: Int32 = 30_000

    init(descriptor: Int32, number: Int, server: ScriptedHTTPServer) {
        self.descriptor = descriptor
        self.number = number
        self.server = server
    }

    deinit { close(descriptor) }

    func run() {
        while let request = readRequest() {
            server.record(request)
            let keepAlive = perform(server.handler(request), for: request)
            guard keepAlive else { return }
        }
    }

    /// Carries out `action`; returns whether the connection stays open for another request.
    private func perform(_ action: ScriptedHTTPServer.Action, for request: ScriptedHTTPServer.Request) -> Bool {
        switch action {
        case .respond(let response):
            guard sendHead(response), sendBody(response.payload, chunked: response.chunked, limit: nil) else { return false }
            let clientCloses = request.header("Connection")?.lowercased() == "close"
            return !response.closeConnection && !clientCloses
        case .delayed(let milliseconds, let next):
            var stop = pollfd(fd: server.stopPipe.read, events: Int16(POLLIN), revents: 0)
            guard poll(&stop, 1, Int32(clamping: milliseconds)) == 0 else { return false }
            return perform(next, for: request)
        case .held(let gate, let next):
            // The gate's byte is never read, so once open it stays open for every waiter.
            var waits = [
                pollfd(fd: gate.pipe.read, events: Int16(POLLIN), revents: 0),
                pollfd(fd: server.stopPipe.read, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&waits, 2, idleLimit) > 0, waits[0].revents & Int16(POLLIN) != 0, waits[1].revents == 0 else { return false }
            return perform(next, for: request)
        case .headersThenStall(let response):
            if sendHead(response) { stallUntilHangUp() }
            return false
        case .stall:
            stallUntilHangUp()
            return false
        case .raw(let bytes):
            _ = TestSocket.sendAll(descriptor, bytes)
            return false
        case .closeMidBody(let response, let sentBytes):
            if sendHead(response) { _ = sendBody(response.payload, chunked: response.chunked, limit: sentBytes) }
            return false
        case .close:
            return false
        }
    }

    /// Reads and discards until the peer closes, the server stops or the idle limit.
    private func stallUntilHangUp() {
        while TestSocket.waitReadable(descriptor, stop: server.stopPipe.read, milliseconds: idleLimit) == .readable {
            guard let bytes = TestSocket.receive(descriptor), !bytes.isEmpty else { return }
        }
    }

    /// Reads more bytes into `buffer`; false at end of stream, error, stop or idle limit.
    func fill() -> Bool {
        guard TestSocket.waitReadable(descriptor, stop: server.stopPipe.read, milliseconds: idleLimit) == .readable,
            let bytes = TestSocket.receive(descriptor), !bytes.isEmpty
        else { return false }
        buffer += bytes
        return true
    }
}
