/// Why the server could not start or stop.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    public enum Code: Sendable, Equatable {
        case invalidAddress
        case startFailed
        case alreadyStarted
    }
    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
