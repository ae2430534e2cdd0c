extension ScriptedConnection {
    /// Sends the status line and headers, adding `Content-Length` (unless the response
    /// sets its own, to allow lying about it) or `Transfer-Encoding: chunked`.
    func sendHead(_ response: ScriptedHTTPServer.Response) -> Bool {
        var head = "HTTP/1.1 \(response.status) \(Self.reason(for: response.status))\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        let setsLength = response.headers.contains { $0.0.lowercased() == "content-length" }
        if response.chunked {
            head += "Transfer-Encoding: chunked\r\n"
        } else if !setsLength {
            head += "Content-Length: \(response.payload.count)\r\n"
        }
        if response.closeConnection { head += "Connection: close\r\n" }
        head += "\r\n"
        return TestSocket.sendAll(descriptor, head.utf8)
    }

    /// Sends the body in 64 KiB pieces, at most `limit` bytes of it if given (a cut body
    /// gets no chunked terminator). False if the peer went away.
    func sendBody(_ payload: ScriptedHTTPServer.Response.Payload, chunked: Bool, limit: Int?) -> Bool {
        let total = min(payload.count, limit ?? .max)
        var offset = 0
        while offset < total {
            let length = min(64 * 1024, total - offset)
            let piece: [UInt8] =
                switch payload {
                case .bytes(let bytes): Array(bytes[offset..<offset + length])
                case .repeating(let byte, _): [UInt8](repeating: byte, count: length)
                }
            let framed = chunked ? Array("\(String(length, radix: 16))\r\n".utf8) + piece + Array("\r\n".utf8) : piece
            guard TestSocket.sendAll(descriptor, framed) else { return false }
            offset += length
        }
        if chunked && limit == nil {
            return TestSocket.sendAll(descriptor, "0\r\n\r\n".utf8)
        }
        return true
    }

    static func reason(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 413: "Content Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
