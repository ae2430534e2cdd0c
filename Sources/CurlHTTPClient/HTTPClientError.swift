/// Why an HTTP request failed.
///
/// A struct over a `Code` enum (AsyncHTTPClient's shape) so that callers switch on a
/// small stable set of reasons while the libcurl code and message stay available for
/// logs. It deliberately holds nothing from the request: no headers (they may carry
/// bearer tokens), no body and no URL (query strings and user-info may carry secrets),
/// so logging an error can never leak them.
package struct HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason, coarse enough to act on.
    package enum Code: Sendable, Equatable, Hashable {
        /// The URL is not an absolute `http://` or `https://` URL libcurl accepts.
        case invalidURL
        /// The URL or a redirect target uses a scheme other than http or https.
        case unsupportedScheme
        /// The method or a header is malformed (for example contains CR or LF).
        case invalidRequest
        /// The upload file could not be opened or read.
        case uploadFailed
        /// The host name could not be resolved.
        case dnsFailed
        /// No TCP connection could be established (refused, unreachable).
        case connectFailed
        /// Every address of the host was refused by the address policy.
        case blockedAddress
        /// The TLS handshake or certificate verification failed.
        case tlsFailed
        /// The connect timeout or the total timeout elapsed.
        case timedOut
        /// The response declared or delivered more bytes than allowed.
        case responseTooLarge
        /// More redirects than the configured maximum.
        case tooManyRedirects
        /// The connection closed before the response was complete.
        case connectionClosed
        /// The server's reply was not valid HTTP (or its encoding could not be decoded).
        case malformedResponse
        /// The calling task was cancelled; the transfer was aborted.
        case cancelled
        /// The client was shut down before the request completed.
        case shutDown
        /// Anything else; see `curlCode` and `message`.
        case other
    }

    /// The reason.
    package let code: Code
    /// libcurl's `CURLcode`, or nil when the failure did not come from libcurl.
    package let curlCode: Int?
    /// A human-readable detail: libcurl's error buffer or this library's own text.
    /// Never contains request headers or the request body.
    package let message: String

    package init(_ code: Code, curlCode: Int? = nil, message: String) {
        self.code = code
        self.curlCode = curlCode
        self.message = message
    }

    package var description: String {
        let detail = curlCode.map { " (curl error \($0))" } ?? ""
        return "HTTP request failed, \(code.summary)\(detail): \(message)"
    }
}

extension HTTPClientError.Code {
    /// A short phrase for `description` and for callers that print their own chain.
    package var summary: String {
        switch self {
        case .invalidURL: "invalid URL"
        case .unsupportedScheme: "unsupported scheme"
        case .invalidRequest: "invalid request"
        case .uploadFailed: "upload file unreadable"
        case .dnsFailed: "host name not resolved"
        case .connectFailed: "could not connect"
        case .blockedAddress: "address blocked by policy"
        case .tlsFailed: "TLS failed"
        case .timedOut: "timed out"
        case .responseTooLarge: "response too large"
        case .tooManyRedirects: "too many redirects"
        case .connectionClosed: "connection closed early"
        case .malformedResponse: "malformed response"
        case .cancelled: "cancelled"
        case .shutDown: "client shut down"
        case .other: "transfer failed"
        }
    }
}
