import Foundation

/// Writes to standard output and standard error without touching C's `stdout`/`stderr`
/// globals (shared mutable state that Swift 6 rejects).
public enum StandardStreams {
    /// Writes `line` and a newline to standard output.
    public static func output(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Writes raw bytes to standard output (bulk output such as `h3 cell --tsv`).
    public static func output(bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// Writes `line` and a newline to standard error.
    public static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
