/// Why `h3 cell --tsv` stopped: the 1-based input line and what was wrong with it.
struct H3TSVError: Error, Equatable, CustomStringConvertible {
    /// The 1-based line number (the header, if any, is line 1).
    let line: Int
    /// What was wrong, for humans.
    let reason: String

    var description: String { "line \(line): \(reason)" }
}
