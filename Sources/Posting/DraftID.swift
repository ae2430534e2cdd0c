import Accounts

/// The id of a draft as it appears in `/drafts/{id}` and `/local-photos/{id}`: checked
/// once where it comes in from a URL, so a handler never looks up an empty or
/// arbitrary string.
///
/// Ids are made by `DraftMaker` (22 base64url characters); anything outside that
/// alphabet, empty or over 64 characters names no draft.
package struct DraftID: Hashable, Sendable, CustomStringConvertible {
    package let rawValue: String

    /// The id for `text`, or nil when no draft could have it.
    package init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= 64, text.utf8.allSatisfy(Self.isIDByte) else { return nil }
        rawValue = text
    }

    package var description: String { rawValue }

    /// A new id for a draft: 22 characters of a random base64url token (132 bits).
    package static func random() -> DraftID {
        DraftID(checked: String(SessionStore.randomToken().prefix(22)))
    }

    /// `text` as an id, for text that is base64url by construction.
    private init(checked text: String) { rawValue = text }

    /// Letters, digits, `-` and `_`: the base64url alphabet.
    private static func isIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
