package import Posting

/// Lets tests name drafts by literals (`drafts.find("d")`, `draft("q\(n)")`), as they did
/// when ids were strings. Only tests have it: the application makes a `DraftID` from text
/// only through the checked `DraftID(_:)`. A literal that no draft can have stops the test.
extension DraftID: ExpressibleByStringInterpolation {
    package init(stringLiteral text: String) {
        guard let id = DraftID(text) else { preconditionFailure("not a draft id: \(text)") }
        self = id
    }
}

extension DraftID {
    /// Text that should name a draft (an id read back from a redirect), or else an error
    /// that fails the test; `#require` cannot be nested inside another `#require`.
    package init(checking text: String) throws(NotADraftID) {
        guard let id = DraftID(text) else { throw NotADraftID(text: text) }
        self = id
    }
}

/// Text a test expected to be a draft id and was not.
package struct NotADraftID: Error, CustomStringConvertible {
    package let text: String
    package var description: String { "not a draft id: \(text)" }
}
