/// A person's choice of strip could not be stored (the database failed); `cause` is
/// kept for the log, and the person is asked to try again.
package struct StripChoiceNotSaved: Error, Sendable, CustomStringConvertible {
    package let cause: any Error

    package var description: String { "strip choice not saved: \(cause)" }

    package var userMessage: String { "Your choice of strip could not be saved just now. Please try again in a minute." }
}
