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

        package var count: Int {
            switch self {
            case .empty: 0
            case .bytes(let bytes): bytes.count
            case .file(_, let size): size
            case .fileRange(_, _, let length): length
            }
        }
    }

    package var status: HTTPStatus { didSet { prepared = nil } }
    package var headers: HTTPHeaders { didSet { prepared = nil } }
    package var body: Body { didSet { prepared = nil } }

    /// This same response already in libmicrohttpd's form (`preparedForReuse()`), queued
    /// as it is instead of being made again; any change to the response drops it, so it
    /// can never send something other than what the fields say.
    package private(set) var prepared: PreparedResponse?

    package init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: Body = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// This response with its libmicrohttpd form made now, for one that is sent unchanged
    /// many times (keep the result and answer with it). A response the server would refuse
    /// or change is returned as it is and made for each request.
    ///
    /// A body read from a file is prepared only when `keepingFileOpen`: the file is opened
    /// now and its descriptor kept, with the content it has now, for as long as the result
    /// lives. Only for a file that never changes, by a caller that drops the result when
    /// the file goes (as `MediaHandler` does with its cache's entries).
    package func preparedForReuse(keepingFileOpen: Bool = false) -> HTTPResponse {
        var copy = self
        copy.prepared = PreparedResponse(self, keepingFileOpen: keepingFileOpen)
        return copy
    }

    /// A response whose body is UTF-8 text with the given content type.
    package init(status: HTTPStatus = .ok, contentType: String, text: String, headers: HTTPHeaders = HTTPHeaders()) {
        var headers = headers
        headers.set("Content-Type", contentType)
        self.init(status: status, headers: headers, body: .bytes(Array(text.utf8)))
    }
}
