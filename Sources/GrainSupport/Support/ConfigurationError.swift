/// A configuration problem, worded for the person starting the server.
package struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    package let message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}
