import GrainSupport

/// A part's `Content-Disposition: form-data; name="…"; filename="…"` (RFC 7578 §4.2).
///
/// `filename*=UTF-8''…` (RFC 5987) wins over `filename` when it decodes, as RFC 6266
/// asks. Following the WHATWG multipart/form-data parser, `%0A`, `%0D` and `%22` in
/// `name` and `filename` become LF, CR and `"`: that is how current browsers escape
/// those characters.
struct ContentDisposition: Equatable {
    let name: String
    /// Nil for a text field; present (possibly empty) for a file input.
    let filename: String?

    init(parsing text: String) throws(MultipartError) {
        guard let header = HeaderValue(parsing: text) else {
            throw .malformed(reason: "a part's Content-Disposition is malformed")
        }
        guard header.value.lowercased() == "form-data" else {
            throw .malformed(reason: "a part is not form-data")
        }
        guard let name = header.parameters["name"], !name.isEmpty else { throw .missingName }
        self.name = Self.unescapeBrowserEscapes(name)
        if let extended = header.parameters["filename*"], let decoded = Self.decodeExtendedValue(extended) {
            filename = decoded
        } else if let plain = header.parameters["filename"] {
            filename = Self.unescapeBrowserEscapes(plain)
        } else if header.parameters["filename*"] != nil {
            // An undecodable filename* still marks the part as a file.
            filename = ""
        } else {
            filename = nil
        }
    }

    /// An RFC 5987 `ext-value`: `charset'language'percent-encoded`. Only UTF-8 (and its
    /// ASCII subset) is accepted; anything else is nil so the plain `filename` is used.
    static func decodeExtendedValue(_ value: String) -> String? {
        let pieces = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3 else { return nil }
        let charset = pieces[0].lowercased()
        guard charset == "utf-8" || charset == "us-ascii" else { return nil }
        return PercentEncoding.decode(pieces[2], plusIsSpace: false)
    }

    static func unescapeBrowserEscapes(_ text: String) -> String {
        guard text.contains("%") else { return text }
        return text.replacing("%0A", with: "\n").replacing("%0D", with: "\r").replacing("%22", with: "\"")
    }
}
