/// Turns the filename a browser sent into something safe to *show* (never to use as a
/// path): the last path component only (old browsers sent `C:\Users\…\a.jpg`), without
/// control characters or the bidirectional overrides that can disguise `gpj.exe` as
/// `exe.jpg`, trimmed, and at most `maxCharacters` long.
enum UploadFilename {
    static let maxCharacters = 200

    static func displayName(_ raw: String) -> String {
        let base = raw.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }.last ?? ""
        var scalars = String.UnicodeScalarView()
        for scalar in base.unicodeScalars where !isHidden(scalar) { scalars.append(scalar) }
        var name = Substring(String(scalars))
        while let first = name.first, first.isWhitespace { name.removeFirst() }
        while let last = name.last, last.isWhitespace { name.removeLast() }
        if name == "." || name == ".." { return "" }
        return String(name.prefix(maxCharacters))
    }

    /// C0/C1 controls, DEL, line and paragraph separators, bidi marks, embeddings,
    /// overrides and isolates, and the byte-order mark.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }
}
