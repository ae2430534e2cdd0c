import Glibc

/// The socket and read buffer behind `RawHTTPConnection`; all the work, no locking.
struct RawSocketSession {
    let timeout: Duration
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var sawEndOfStream = false
    /// Whether the stream ended with a reset (ECONNRESET) rather than the server's FIN.
    private(set) var sawReset = false

    /// Whether a reset is pending on the socket that no read has reported yet (SO_ERROR).
    func resetIsPending() -> Bool {
        guard descriptor >= 0 else { return false }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return false }
        return error == ECONNRESET || error == EPIPE
    }

    /// Connects to `host` (an IPv4 or IPv6 literal) and `port`, from the local IPv4
    /// address `source` when given (127.0.0.2, 127.0.0.3…: distinct clients on loopback).
    /// `receiveBufferBytes` fixes the socket's receive buffer (no autotuning), so a
    /// client that stops reading holds back the server after that much.
    init(host: String = "127.0.0.1", port: Int, source: String? = nil, timeout: Duration = .seconds(5), receiveBufferBytes: Int? = nil) throws(RawHTTPError) {
        self.timeout = timeout
        var storage = sockaddr_storage()
        let length: socklen_t
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        if inet_pton(AF_INET, host, &ipv4) == 1 {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr = ipv4
            withUnsafeBytes(of: address) { source in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
        } else if inet_pton(AF_INET6, host, &ipv6) == 1 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            address.sin6_addr = ipv6
            withUnsafeBytes(of: address) { source in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        } else {
            throw RawHTTPError(.connect, "\(host) is not an IP literal")
        }
        descriptor = socket(Int32(storage.ss_family), Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw RawHTTPError(.connect, "socket: \(Self.lastError())") }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            guard inet_pton(AF_INET, source, &local.sin_addr) == 1 else {
                Glibc.close(descriptor)
                throw RawHTTPError(.connect, "\(source) is not an IPv4 literal")
            }
            let bound = withUnsafePointer(to: &local) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                let message = Self.lastError()
                Glibc.close(descriptor)
                throw RawHTTPError(.connect, "bind to \(source): \(message)")
            }
        }
        if var receiveBufferBytes = receiveBufferBytes.map(Int32.init(clamping:)) {
            _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &receiveBufferBytes, socklen_t(MemoryLayout<Int32>.size))
        }
        var sendTimeout = Self.timeval(timeout)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, length) }
        }
        guard connected == 0 else {
            let message = Self.lastError()
            Glibc.close(descriptor)
            descriptor = -1
            throw RawHTTPError(.connect, "connect to \(host):\(port): \(message)")
        }
    }

    /// Sends all of `bytes`; `.closed` if the server has closed the connection.
    mutating func send(_ bytes: [UInt8]) throws(RawHTTPError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                Glibc.send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK { throw RawHTTPError(.timeout, "send timed out") }
                if code == EPIPE || code == ECONNRESET { throw RawHTTPError(.closed, "server closed the connection") }
                throw RawHTTPError(.send, "send: \(Self.lastError())")
            }
            offset += sent
        }
    }

    /// Sends the UTF-8 bytes of `text` (write "\r\n" explicitly).
    mutating func send(_ text: String) throws(RawHTTPError) {
        try send(Array(text.utf8))
    }

    /// Sends `bytes` `chunkSize` bytes at a time, pausing `interval` after each chunk.
    /// Returns how many bytes went out before the server closed the connection (all of
    /// them if it never did), or, with `untilAnswered`, before the server sent anything:
    /// a client that kept sending after an early answer would make the server's close a
    /// reset, which can discard that answer before it is read.
    mutating func sendSlowly(_ bytes: [UInt8], chunkSize: Int = 1, interval: Duration, untilAnswered: Bool = false) -> Int {
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunkSize, bytes.count)
            do {
                try send(Array(bytes[offset..<end]))
            } catch {
                return offset
            }
            offset = end
            if offset < bytes.count {
                Self.sleep(interval)
                if untilAnswered, serverHasSentSomething() { return offset }
                if serverHasClosed() { return offset }
            }
        }
        return offset
    }

    /// Reads one complete response: framed by Content-Length, chunked encoding, or the
    /// end of the stream. Interim 1xx responses are skipped. Pass `isHeadRequest` for HEAD
    /// (the response then has headers only, whatever Content-Length says).
    mutating func readResponse(isHeadRequest: Bool = false) throws(RawHTTPError) -> RawHTTPResponse {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            let head = try readHead(until: deadline)
            if (100..<200).contains(head.status) { continue }
            let body = try readBody(for: head, isHeadRequest: isHeadRequest, until: deadline)
            return RawHTTPResponse(version: head.version, status: head.status, reason: head.reason, headers: head.headers, body: body)
        }
    }

    /// Waits up to `within` for the server to close the connection (end of stream or
    /// reset), discarding anything it still sends; true if it closed.
    mutating func waitForServerClose(within: Duration) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: within)
        while !sawEndOfStream {
            buffer.removeAll()
            do { try fill(until: deadline) } catch { return error.code == .closed }
        }
        return true
    }

    /// Reads until at least `count` bytes of the stream (head and body alike) have
    /// arrived, and returns everything received so far.
    mutating func readRaw(atLeast count: Int) throws(RawHTTPError) -> [UInt8] {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        try fill(atLeast: count, until: deadline)
        defer { buffer.removeAll() }
        return buffer
    }

    /// Reads until the server closes the connection or `within` passes: what arrived,
    /// and whether the server closed.
    mutating func readRawUntilClose(within: Duration) -> (bytes: [UInt8], closed: Bool) {
        let deadline = ContinuousClock.now.advanced(by: within)
        var closed = false
        while true {
            do { try fill(until: deadline) } catch {
                closed = error.code == .closed
                break
            }
        }
        defer { buffer.removeAll() }
        return (buffer, closed)
    }

    /// Closes the socket; later calls do nothing.
    mutating func close() {
        if descriptor >= 0 {
            Glibc.close(descriptor)
            descriptor = -1
        }
    }

    // MARK: - Reading

    private struct Head {
        var version: String
        var status: Int
        var reason: String
        var headers: [(name: String, value: String)]

        func value(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    private mutating func readHead(until deadline: ContinuousClock.Instant) throws(RawHTTPError) -> Head {
        let separator: [UInt8] = [13, 10, 13, 10]
        var end = firstRange(of: separator)
        while end == nil {
            try fill(until: deadline)
            end = firstRange(of: separator)
        }
        let headBytes = buffer[..<end!]
        buffer.removeFirst(end! + 4)
        let lines = Self.lines(of: String(decoding: headBytes, as: UTF8.self))
        let statusParts = lines[0].split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw RawHTTPError(.malformed, "bad status line: \(lines[0])")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw RawHTTPError(.malformed, "bad header line: \(line)") }
            headers.append((String(line[..<colon]), Self.trimmed(line[line.index(after: colon)...])))
        }
        let reason = statusParts.count > 2 ? String(statusParts[2]) : ""
        return Head(version: String(statusParts[0]), status: status, reason: reason, headers: headers)
    }

    private mutating func readBody(for head: Head, isHeadRequest: Bool, until deadline: ContinuousClock.Instant) throws(RawHTTPError) -> [UInt8] {
        if isHeadRequest || head.status == 204 || head.status == 304 { return [] }
        if head.value("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            return try readChunkedBody(until: deadline)
        }
        if let lengthText = head.value("Content-Length") {
            guard let length = Int(lengthText), length >= 0 else { throw RawHTTPError(.malformed, "bad Content-Length \(lengthText)") }
            try fill(atLeast: length, until: deadline)
            defer { buffer.removeFirst(length) }
            return Array(buffer[..<length])
        }
        while !sawEndOfStream {
            do { try fill(until: deadline) } catch  where error.code == .closed { break }
        }
        defer { buffer.removeAll() }
        return buffer
    }

    private mutating func readChunkedBody(until deadline: ContinuousClock.Instant) throws(RawHTTPError) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeLine = try readLine(until: deadline)
            let sizeText = sizeLine.split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(Self.trimmed(Substring(sizeText)), radix: 16) else {
                throw RawHTTPError(.malformed, "bad chunk size line: \(sizeLine)")
            }
            if size == 0 {
                while try !readLine(until: deadline).isEmpty {}  // trailers
                return body
            }
            try fill(atLeast: size + 2, until: deadline)
            body += buffer[..<size]
            buffer.removeFirst(size + 2)
        }
    }

    private mutating func readLine(until deadline: ContinuousClock.Instant) throws(RawHTTPError) -> String {
        var end = firstRange(of: [13, 10])
        while end == nil {
            try fill(until: deadline)
            end = firstRange(of: [13, 10])
        }
        let line = String(decoding: buffer[..<end!], as: UTF8.self)
        buffer.removeFirst(end! + 2)
        return line
    }

    private mutating func fill(atLeast count: Int, until deadline: ContinuousClock.Instant) throws(RawHTTPError) {
        while buffer.count < count { try fill(until: deadline) }
    }

    /// Reads whatever arrives next into `buffer`; `.closed` at end of stream or reset.
    private mutating func fill(until deadline: ContinuousClock.Instant) throws(RawHTTPError) {
        if sawEndOfStream { throw RawHTTPError(.closed, "server closed the connection") }
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { throw RawHTTPError(.timeout, "no complete response within \(timeout)") }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(clamping: Self.milliseconds(remaining) + 1))
        if ready < 0 && errno == EINTR { return }
        guard ready > 0 else { throw RawHTTPError(.timeout, "no complete response within \(timeout)") }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let received = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if received > 0 {
            buffer += chunk[..<received]
        } else if received == 0 || errno == ECONNRESET || errno == EPIPE {
            // A reset after the server's FIN shows as EPIPE (the socket was in CLOSE_WAIT).
            sawEndOfStream = true
            sawReset = received < 0
            throw RawHTTPError(.closed, "server closed the connection")
        } else if errno != EINTR && errno != EAGAIN {
            throw RawHTTPError(.closed, "recv: \(Self.lastError())")
        }
    }

    /// True if the server already closed (end of stream or reset pending), without waiting.
    /// Whether anything (data or the end of the stream) is waiting to be read.
    private func serverHasSentSomething() -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    private func serverHasClosed() -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 0) > 0 else { return false }
        if poller.revents & Int16(POLLHUP | POLLERR) != 0 { return true }
        var byte: UInt8 = 0
        let peeked = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return peeked == 0 || (peeked < 0 && errno == ECONNRESET)
    }

    private func firstRange(of pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for start in 0...(buffer.count - pattern.count) where buffer[start] == pattern[0] {
            if buffer[start..<start + pattern.count].elementsEqual(pattern) { return start }
        }
        return nil
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    private static func timeval(_ duration: Duration) -> Glibc.timeval {
        let milliseconds = milliseconds(duration)
        return Glibc.timeval(tv_sec: Int(milliseconds / 1000), tv_usec: Int(milliseconds % 1000) * 1000)
    }

    private static func sleep(_ duration: Duration) {
        var request = timespec(tv_sec: Int(duration.components.seconds), tv_nsec: Int(duration.components.attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    private static func lines(of text: String) -> [String] {
        // "\r\n" is a single Character (one grapheme cluster) in Swift.
        text.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
