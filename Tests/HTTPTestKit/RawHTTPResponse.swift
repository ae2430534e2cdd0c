/// One response as `RawHTTPConnection` read it off the wire.
public struct RawHTTPResponse: Sendable {
    public var version: String
    public var status: Int
    public var reason: String
    /// Header fields in the order received.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(version: String, status: Int, reason: String, headers: [(name: String, value: String)], body: [UInt8]) {
        self.version = version
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }

    /// The first value of header `name` (case-insensitive), or nil.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of header `name` (case-insensitive), in order.
    public func headerValues(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The body decoded as UTF-8.
    public var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }
}

/// Why a `RawHTTPConnection` call failed.
public struct RawHTTPError: Error, Sendable, CustomStringConvertible {
    public enum Code: Sendable, Equatable {
        case connect
        case send
        /// Nothing (complete) arrived within the connection's timeout.
        case timeout
        /// The server closed the connection (end of stream or reset).
        case closed
        /// The bytes received are not an HTTP/1.1 response.
        case malformed
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}
