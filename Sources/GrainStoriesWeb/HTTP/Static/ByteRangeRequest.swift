/// What a `Range` header (RFC 9110 §14.2) asks of a representation of `size` bytes.
///
/// Only a single `bytes` range is served (`first-last`, `first-`, `-suffix`). Several
/// ranges, another unit, or anything malformed is ignored and the whole file is sent,
/// as the RFC allows: browsers and media players ask for one range, and a multipart
/// answer is work nobody here needs (and a classic way to amplify a small request).
/// A range that starts past the end is unsatisfiable (416).
enum ByteRangeRequest: Equatable {
    /// Send everything (200).
    case whole
    /// Send bytes `offset ..< offset + length` (206).
    case partial(offset: Int, length: Int)
    /// Nothing of the file lies in the range (416).
    case unsatisfiable

    /// Decides from the `Range` and `If-Range` headers. A stale `If-Range` (not exactly
    /// `etag`, or a date, which these files do not carry) means the client's copy is
    /// another version, so it gets the whole file.
    init(range: String?, ifRange: String?, etag: String, size: Int) {
        guard let range else {
            self = .whole
            return
        }
        if let ifRange, ifRange.trimmingASCIISpaces() != etag[...] || etag.hasPrefix("W/") {
            self = .whole
            return
        }
        self = Self.parse(range[...], size: size)
    }

    private static func parse(_ header: Substring, size: Int) -> ByteRangeRequest {
        let header = header.trimmingASCIISpaces()
        guard header.count > 6, header.prefix(6).lowercased() == "bytes=" else { return .whole }
        let spec = header.dropFirst(6).trimmingASCIISpaces()
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let firstText = spec[..<dash].trimmingASCIISpaces()
        let lastText = spec[spec.index(after: dash)...].trimmingASCIISpaces()
        if firstText.isEmpty {
            // "-N": the last N bytes.
            guard let suffix = digits(lastText) else { return .whole }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            let length = min(suffix, size)
            return .partial(offset: size - length, length: length)
        }
        guard let first = digits(firstText) else { return .whole }
        let last: Int
        if lastText.isEmpty {
            last = size - 1
        } else {
            guard let given = digits(lastText), given >= first else { return .whole }
            last = min(given, size - 1)
        }
        guard first < size else { return .unsatisfiable }
        return .partial(offset: first, length: last - first + 1)
    }

    /// A non-negative decimal number of at most 18 digits (larger ones cannot be a
    /// position in any file here); nil for anything else.
    private static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 18,
            text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return Int(text)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    fileprivate func trimmingASCIISpaces() -> SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let end = lastIndex(where: { !isSpace($0) })!
        return self[start...end]
    }
}
