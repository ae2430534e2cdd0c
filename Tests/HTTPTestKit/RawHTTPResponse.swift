/// One response as `RawHTTPConnection` read it off the wire.
package struct RawHTTPResponse: Sendable {
    package var version: String
    package var status: Int
    package var reason: String
    /// Header fields in the order received.
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]

    package init(version: String, status: Int, reason: String, headers: [(name: String, value: String)], body: [UInt8]) {
        self.version = version
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }

    /// The first value of header `name` (case-insensitive), or nil.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of header `name` (case-insensitive), in order.
    package func headerValues(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The body decoded as UTF-8.
    package var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }
}

/// Why a `RawHTTPConnection` call failed.
package struct RawHTTPError: Error, Sendable, CustomStringConvertible {
    package enum Code: Sendable, Equatable {
        case connect
        case send
        /// Nothing (complete) arrived within the connection's timeout.
        case timeout
        /// The server closed the connection (end of stream or reset).
        case closed
        /// The bytes received are not an HTTP/1.1 response.
        case malformed
    }

    package let code: Code
    package let message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { "\(code): \(message)" }
}
