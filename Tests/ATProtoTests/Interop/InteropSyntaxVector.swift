import Foundation
import TestKit
import Testing

/// One line of a syntax file of atproto-interop-tests (vendored in
/// `Resources/interop-syntax`, see its README): a string, and whether the protocol calls
/// it valid.
struct InteropSyntaxVector: Sendable, CustomTestStringConvertible {
    /// The kind of value, as the files name it (`did`, `aturi`, `recordkey`).
    let kind: String
    let file: String
    let line: Int
    /// Exactly as written: leading and trailing spaces are part of several invalid vectors.
    let text: String
    let isValid: Bool

    /// Short enough for a test list; the 8 KiB vectors are cut.
    var testDescription: String {
        let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
        return "\(file):\(line) \(shown.debugDescription)"
    }

    /// Whether a parser answered as the vector says, with a message naming the vector.
    func expect(accepted: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(accepted == isValid, "\(isValid ? "refused" : "accepted") \(testDescription)", sourceLocation: sourceLocation)
    }

    /// Every vector for `kind`: `<kind>_syntax_valid.txt` as valid, and
    /// `<kind>_syntax_invalid.txt` and `<kind>_parse_invalid.txt` (where the repository
    /// has one: values written right that name nothing, such as month 13) as invalid.
    static func all(_ kind: String) throws -> [InteropSyntaxVector] {
        var vectors = try lines(of: "\(kind)_syntax_valid", kind: kind, valid: true) + lines(of: "\(kind)_syntax_invalid", kind: kind, valid: false)
        if kind == "datetime" { vectors += try lines(of: "datetime_parse_invalid", kind: kind, valid: false) }
        return vectors
    }

    /// The vectors of one file: every line but empty ones and comments (`#` first).
    static func lines(of file: String, kind: String, valid: Bool) throws -> [InteropSyntaxVector] {
        let text = String(decoding: try BundledResource.bytes("interop-syntax/\(file).txt", in: Bundle.module), as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { offset, line in
            line.isEmpty || line.hasPrefix("#") ? nil : InteropSyntaxVector(kind: kind, file: file, line: offset + 1, text: String(line), isValid: valid)
        }
    }
}
