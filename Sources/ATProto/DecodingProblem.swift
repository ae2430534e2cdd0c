/// Why a JSON answer (or request body) did not fit its Swift type, as a value.
///
/// `DecodingError` is kept apart from the error chain because its context can hold an
/// arbitrary underlying error and is not `Equatable`; this keeps what a log needs (the
/// kind, the coding path, the decoder's own words) and nothing of the payload itself,
/// so an answer that echoes a token cannot reach a log line through here.
package struct DecodingProblem: Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, coarse enough to test on.
    package enum Kind: Sendable, Equatable {
        /// Not JSON at all, or a value the type refuses (`dataCorrupted`).
        case corrupted
        case typeMismatch
        case missingKey
        case missingValue
        /// An encoding failure or an error that is not a `DecodingError`.
        case other
    }

    package let kind: Kind
    /// The coding path, for example `stories[2].creator.did`; empty at the top level.
    package let path: String
    /// The decoder's explanation, at most 300 characters.
    package let detail: String

    package init(kind: Kind, path: String, detail: String) {
        self.kind = kind
        self.path = path
        self.detail = String(detail.prefix(300))
    }

    /// Classifies `error` (usually a `DecodingError` or `EncodingError`).
    package init(_ error: any Error) {
        switch error {
        case DecodingError.dataCorrupted(let context):
            self.init(kind: .corrupted, path: Self.path(context.codingPath), detail: context.debugDescription)
        case DecodingError.typeMismatch(_, let context):
            self.init(kind: .typeMismatch, path: Self.path(context.codingPath), detail: context.debugDescription)
        case DecodingError.keyNotFound(let key, let context):
            self.init(kind: .missingKey, path: Self.path(context.codingPath + [key]), detail: context.debugDescription)
        case DecodingError.valueNotFound(_, let context):
            self.init(kind: .missingValue, path: Self.path(context.codingPath), detail: context.debugDescription)
        case EncodingError.invalidValue(_, let context):
            self.init(kind: .other, path: Self.path(context.codingPath), detail: context.debugDescription)
        default:
            self.init(kind: .other, path: "", detail: String(describing: error))
        }
    }

    package var description: String {
        path.isEmpty ? detail : "at \(path): \(detail)"
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }
}
