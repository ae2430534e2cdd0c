/// Why the server could not start or stop.
package struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    package enum Code: Sendable, Equatable {
        case invalidAddress
        case startFailed
        case alreadyStarted
    }
    package let code: Code
    package let message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }
}
