import FoundationEssentials

/// The stable encoded form a `WriteProblem` is stored in (the `problem` column of drafts
/// and social writes): a JSON object whose `kind` names the case and whose other keys are
/// its fields, e.g. `{"kind":"refused","status":400,"error":"InvalidRecord"}` or
/// `{"kind":"gaveUp","attempts":12,"last":{"kind":"timedOut","detail":"…"}}`.
///
/// The names are a storage format: never rename one, only add. What cannot be read (a
/// kind from a newer version, a damaged value, the plain text older versions stored)
/// comes back as `.legacy` with the stored text, so a row is never lost to its reason.
extension WriteProblem: Codable {
    private enum Key: String, CodingKey {
        case kind, detail, status, error, message, stored, expected, attempts, last, text
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        switch try c.decode(String.self, forKey: .kind) {
        case "unreachable": self = .unreachable(detail: try c.decode(String.self, forKey: .detail))
        case "timedOut": self = .timedOut(detail: try c.decode(String.self, forKey: .detail))
        case "unavailable":
            self = try .unavailable(
                status: c.decode(Int.self, forKey: .status), error: c.decodeIfPresent(String.self, forKey: .error),
                message: c.decodeIfPresent(String.self, forKey: .message))
        case "refused":
            self = try .refused(
                status: c.decode(Int.self, forKey: .status), error: c.decodeIfPresent(String.self, forKey: .error),
                message: c.decodeIfPresent(String.self, forKey: .message))
        case "tooLarge":
            self = try .tooLarge(
                status: c.decode(Int.self, forKey: .status), error: c.decodeIfPresent(String.self, forKey: .error),
                message: c.decodeIfPresent(String.self, forKey: .message))
        case "unreadableAnswer": self = .unreadableAnswer(detail: try c.decode(String.self, forKey: .detail))
        case "signedOut": self = .signedOut
        case "identityUnavailable": self = .identityUnavailable(detail: try c.decode(String.self, forKey: .detail))
        case "invalidRecord": self = .invalidRecord(detail: try c.decode(String.self, forKey: .detail))
        case "photoMissing": self = .photoMissing
        case "incompleteUpload": self = try .incompleteUpload(stored: c.decode(Int.self, forKey: .stored), expected: c.decode(Int.self, forKey: .expected))
        case "local": self = .local(detail: try c.decode(String.self, forKey: .detail))
        case "gaveUp": self = try .gaveUp(attempts: c.decode(Int.self, forKey: .attempts), last: c.decode(WriteProblem.self, forKey: .last))
        case "legacy": self = .legacy(text: try c.decode(String.self, forKey: .text))
        case let other: throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown kind \(other)")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .unreachable(let detail):
            try c.encode("unreachable", forKey: .kind)
            try c.encode(detail, forKey: .detail)
        case .timedOut(let detail):
            try c.encode("timedOut", forKey: .kind)
            try c.encode(detail, forKey: .detail)
        case .unavailable(let status, let error, let message): try Self.encode("unavailable", status, error, message, into: &c)
        case .refused(let status, let error, let message): try Self.encode("refused", status, error, message, into: &c)
        case .tooLarge(let status, let error, let message): try Self.encode("tooLarge", status, error, message, into: &c)
        case .unreadableAnswer(let detail):
            try c.encode("unreadableAnswer", forKey: .kind)
            try c.encode(detail, forKey: .detail)
        case .signedOut: try c.encode("signedOut", forKey: .kind)
        case .identityUnavailable(let detail):
            try c.encode("identityUnavailable", forKey: .kind)
            try c.encode(detail, forKey: .detail)
        case .invalidRecord(let detail):
            try c.encode("invalidRecord", forKey: .kind)
            try c.encode(detail, forKey: .detail)
        case .photoMissing: try c.encode("photoMissing", forKey: .kind)
        case .incompleteUpload(let stored, let expected):
            try c.encode("incompleteUpload", forKey: .kind)
            try c.encode(stored, forKey: .stored)
            try c.encode(expected, forKey: .expected)
        case .local(let detail):
            try c.encode("local", forKey: .kind)
            try c.encode(detail, forKey: .detail)
        case .gaveUp(let attempts, let last):
            try c.encode("gaveUp", forKey: .kind)
            try c.encode(attempts, forKey: .attempts)
            try c.encode(last, forKey: .last)
        case .legacy(let text):
            try c.encode("legacy", forKey: .kind)
            try c.encode(text, forKey: .text)
        }
    }

    private static func encode(_ kind: String, _ status: Int, _ error: String?, _ message: String?, into c: inout KeyedEncodingContainer<Key>) throws {
        try c.encode(kind, forKey: .kind)
        try c.encode(status, forKey: .status)
        try c.encodeIfPresent(error, forKey: .error)
        try c.encodeIfPresent(message, forKey: .message)
    }

    /// The form stored in the database (keys sorted, so one problem is always the same text).
    package var stored: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return #"{"kind":"legacy","text":"unencodable problem"}"# }
        return String(decoding: data, as: UTF8.self)
    }

    /// The problem a stored value holds; what cannot be read is `.legacy` with the text.
    package init(stored text: String) {
        if let problem = try? JSONDecoder().decode(WriteProblem.self, from: Data(text.utf8)) {
            self = problem
        } else {
            self = .legacy(text: text)
        }
    }
}
