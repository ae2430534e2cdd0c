/// One HTTP request: method, absolute URL, header fields, optional body and per-request
/// timeout overrides.
package struct HTTPClientRequest: Sendable {
    /// Where the request body comes from.
    package enum Body: Sendable, Equatable {
        /// Bytes held in memory, sent with a `Content-Length`.
        case bytes([UInt8])
        /// A file streamed from disk as it is sent (never loaded whole), with a
        /// `Content-Length` taken from its size when the request starts.
        case file(path: String)
    }

    /// The method token, such as `GET` or `POST`.
    package var method: String
    /// An absolute `http://` or `https://` URL.
    package var url: String
    /// Fields sent as given. `User-Agent` here replaces the configured one; libcurl adds
    /// `Host`, `Accept`, `Accept-Encoding` and, with a body, `Content-Length`. No
    /// `Content-Type` is added on your behalf.
    package var headers: HTTPHeaders
    /// The body, or nil for none.
    package var body: Body?
    /// Replaces the client's total timeout for this request.
    package var timeout: Duration?
    /// Replaces the client's connect timeout for this request.
    package var connectTimeout: Duration?
    /// Lowers the client's `maxResponseBytes` for this request (never raises it): for
    /// answers known to be small, such as a DID or a DID document, so a hostile server
    /// cannot make the client read megabytes.
    package var maxResponseBytes: Int?

    package init(
        method: String = "GET",
        url: String,
        headers: HTTPHeaders = [:],
        body: Body? = nil,
        timeout: Duration? = nil,
        connectTimeout: Duration? = nil,
        maxResponseBytes: Int? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.maxResponseBytes = maxResponseBytes
    }
}
