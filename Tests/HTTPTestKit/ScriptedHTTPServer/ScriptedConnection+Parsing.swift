import Foundation

extension ScriptedConnection {
    /// Parses the next request (request line, headers, body by `Content-Length` or
    /// chunked); nil when the connection ends or the request is unparseable.
    func readRequest() -> ScriptedHTTPServer.Request? {
        guard let head = readHead() else { return nil }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3 else { return nil }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingSpaces))
        }
        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name }?.value
        }
        if header("expect")?.lowercased() == "100-continue" {
            guard TestSocket.sendAll(descriptor, "HTTP/1.1 100 Continue\r\n\r\n".utf8) else { return nil }
        }
        if let onHead = server.headHandler {
            let head = ScriptedHTTPServer.Request(
                method: String(requestLine[0]), target: String(requestLine[1]), version: String(requestLine[2]),
                headers: headers, body: [], connection: number)
            if case .closeAfterReadingBody(let limit) = onHead(head) {
                discardBody(upTo: max(0, limit))
                return nil
            }
        }
        let body: [UInt8]
        if header("transfer-encoding")?.lowercased().contains("chunked") == true {
            guard let chunked = readChunkedBody() else { return nil }
            body = chunked
        } else if let length = header("content-length").flatMap({ Int($0) }), length > 0 {
            guard length <= 256 << 20, let bytes = readExactly(length) else { return nil }
            body = bytes
        } else {
            body = []
        }
        return ScriptedHTTPServer.Request(
            method: String(requestLine[0]), target: String(requestLine[1]), version: String(requestLine[2]),
            headers: headers, body: body, connection: number)
    }

    /// The bytes before the blank line ending the head (at most 64 KiB), consumed.
    private func readHead() -> [UInt8]? {
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let end = buffer.firstRange(of: terminator) {
                let head = Array(buffer[..<end.lowerBound])
                buffer.removeSubrange(..<end.upperBound)
                return head
            }
            guard buffer.count < 64 * 1024, fill() else { return nil }
        }
    }

    /// Consumes up to `limit` body bytes (fewer if the peer stops sending), for a
    /// connection about to be closed mid-request.
    private func discardBody(upTo limit: Int) {
        var consumed = min(limit, buffer.count)
        buffer.removeSubrange(..<consumed)
        while consumed < limit, fill() {
            let take = min(limit - consumed, buffer.count)
            buffer.removeSubrange(..<take)
            consumed += take
        }
    }

    private func readExactly(_ count: Int) -> [UInt8]? {
        while buffer.count < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffer[..<count])
        buffer.removeSubrange(..<count)
        return bytes
    }

    private func readLine() -> String? {
        while true {
            if let end = buffer.firstRange(of: Array("\r\n".utf8)) {
                let line = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<end.upperBound)
                return line
            }
            guard buffer.count < 64 * 1024, fill() else { return nil }
        }
    }

    private func readChunkedBody() -> [UInt8]? {
        var body: [UInt8] = []
        while true {
            guard let sizeLine = readLine(),
                let size = Int(sizeLine.prefix { $0 != ";" }.trimmingSpaces, radix: 16), size >= 0,
                body.count + size <= 256 << 20
            else { return nil }
            if size == 0 {
                while let trailer = readLine() {  // Trailers, up to the blank line.
                    if trailer.isEmpty { return body }
                }
                return nil
            }
            guard let chunk = readExactly(size), readExactly(2) == Array("\r\n".utf8) else { return nil }
            body += chunk
        }
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
