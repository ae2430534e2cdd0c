/// A configuration problem, worded for the person starting the server.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
