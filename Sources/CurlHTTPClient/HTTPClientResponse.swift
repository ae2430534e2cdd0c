/// A complete HTTP response: status, headers, decoded body and where it came from.
package struct HTTPClientResponse: Sendable {
    /// The HTTP protocol version a response arrived over.
    package enum Version: Sendable, Equatable {
        // swift-format-ignore: AlwaysUseLowerCamelCase
        case http1_0
        // swift-format-ignore: AlwaysUseLowerCamelCase
        case http1_1
        case http2
        case http3
        case unknown
    }

    /// The status code of the final response (after any followed redirects).
    package let status: Int
    /// The final response's header fields, in the order received.
    package let headers: HTTPHeaders
    /// The body, already decoded if it was sent with a content encoding.
    package let body: [UInt8]
    /// The URL of the final response: the request URL unless redirects were followed.
    package let effectiveURL: String
    /// The protocol version used for the final response.
    package let version: Version

    package init(
        status: Int,
        headers: HTTPHeaders,
        body: [UInt8],
        effectiveURL: String,
        version: Version
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.effectiveURL = effectiveURL
        self.version = version
    }
}
