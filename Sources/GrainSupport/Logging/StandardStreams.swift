import DurableFiles

/// Writes to standard output and standard error without touching C's `stdout`/`stderr`
/// globals (shared mutable state that Swift 6 rejects).
package enum StandardStreams {
    /// Writes `line` and a newline to standard output.
    package static func output(_ line: String) {
        _ = Array((line + "\n").utf8).withUnsafeBytes { FileDescriptorIO.writeAll(1, $0) }
    }

    /// Writes raw bytes to standard output (bulk output such as `h3 cell --tsv`).
    package static func output(bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { FileDescriptorIO.writeAll(1, $0) }
    }

    /// Writes `line` and a newline to standard error before returning, in one `write`
    /// where the system allows (so lines from several threads do not interleave), after
    /// any log lines still waiting in `LogLineWriter.standardError`, keeping their order.
    package static func error(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        LogLineWriter.standardError.write(bytes, urgency: .immediate)
    }
}
