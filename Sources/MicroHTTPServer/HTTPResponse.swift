/// One HTTP response as handlers produce it.
package struct HTTPResponse: Sendable {
    /// What to send as the body.
    package enum Body: Sendable {
        case empty
        case bytes([UInt8])
        /// A file sent straight from disk (static files, cached images); the server opens
        /// it when the response is queued and never loads it whole.
        case file(path: String, size: Int)
        /// `length` bytes of a file from `offset` (a byte range, 206), sent like `.file`.
        case fileRange(path: String, offset: Int, length: Int)
        /// Bytes held in memory and in an in-memory file, sent from the file (a large
        /// body sent many times, see `MemoryFile`).
        case memoryFile(MemoryFile)

        package var count: Int {
            switch self {
            case .empty: 0
            case .bytes(let bytes): bytes.count
            case .file(_, let size): size
            case .fileRange(_, _, let length): length
            case .memoryFile(let file): file.count
            }
        }
    }

    package var status: HTTPStatus
    package var headers: HTTPHeaders
    package var body: Body

    package init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: Body = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is UTF-8 text with the given content type.
    package init(status: HTTPStatus = .ok, contentType: String, text: String, headers: HTTPHeaders = HTTPHeaders()) {
        var headers = headers
        headers.set("Content-Type", contentType)
        self.init(status: status, headers: headers, body: .bytes(Array(text.utf8)))
    }
}
