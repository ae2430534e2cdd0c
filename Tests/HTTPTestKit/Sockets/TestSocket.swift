import Glibc

/// Minimal POSIX socket calls for in-process test servers and fault injection.
///
/// Every call retries `EINTR`, sends use `MSG_NOSIGNAL` (a peer that went away must
/// not raise `SIGPIPE` in the test process), and only 127.0.0.1 is ever bound.
enum TestSocket {
    /// A failed socket call, naming it.
    struct Failure: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    /// A TCP socket bound to 127.0.0.1 on an ephemeral port, listening with `backlog`
    /// unless it is nil. Returns the descriptor (owned by the caller) and the port.
    static func bindLoopback(backlog: Int32?) throws(Failure) -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(call: "socket", code: errno) }
        var address = loopbackAddress(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if bound != 0 || (backlog.map { listen(descriptor, $0) } ?? 0) != 0 {
            let code = errno
            close(descriptor)
            throw Failure(call: bound != 0 ? "bind" : "listen", code: code)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, Int(UInt16(bigEndian: actual.sin_port)))
    }

    static func loopbackAddress(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    /// Starts a non-blocking connect to 127.0.0.1:`port`; returns the descriptor.
    static func startConnect(port: Int) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = loopbackAddress(port: port)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return descriptor
    }

    /// What a wait ended with.
    enum Readiness { case readable, stopped, timedOut }

    /// Waits until `descriptor` is readable (or closed by the peer), `stop` is readable,
    /// or `milliseconds` pass.
    static func waitReadable(_ descriptor: Int32, stop: Int32, milliseconds: Int32) -> Readiness {
        var fds = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&fds, 2, milliseconds)
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { return .timedOut }
            if fds[1].revents != 0 { return .stopped }
            return .readable
        }
    }

    /// Reads what is available: nil on error, empty at end of stream.
    static func receive(_ descriptor: Int32, maximum: Int = 64 * 1024) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = recv(descriptor, &buffer, maximum, 0)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            return Array(buffer[0..<count])
        }
    }

    /// Sends every byte; false if the peer went away.
    static func sendAll(_ descriptor: Int32, _ bytes: some Collection<UInt8>) -> Bool {
        let bytes = Array(bytes)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }
}
