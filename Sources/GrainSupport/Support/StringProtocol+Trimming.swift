extension StringProtocol {
    /// The text without spaces and tabs at either end: Foundation's
    /// `trimmingCharacters(in: .whitespaces)` (Unicode's space separators, the tab, and the
    /// zero-width space, once a space separator), which lives in full Foundation, with ICU,
    /// that the server does not link (issue 26).
    package func trimmingWhitespace() -> String {
        trimming { $0 == "\t" || $0 == "\u{200B}" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// The text without white space or line breaks at either end: Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, which is Unicode's `White_Space`
    /// and the zero-width space.
    package func trimmingWhitespaceAndNewlines() -> String {
        trimming { $0 == "\u{200B}" || $0.properties.isWhitespace }
    }

    /// The text without the scalars at either end for which `isTrimmed` holds.
    package func trimming(while isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = String(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
