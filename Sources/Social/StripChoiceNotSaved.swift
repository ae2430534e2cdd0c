/// A person's choice of strip could not be stored (the database failed); `cause` is
/// kept for the log, and the person is asked to try again.
public struct StripChoiceNotSaved: Error, Sendable, CustomStringConvertible {
    public let cause: any Error

    public var description: String { "strip choice not saved: \(cause)" }

    public var userMessage: String { "Your choice of strip could not be saved just now. Please try again in a minute." }
}
