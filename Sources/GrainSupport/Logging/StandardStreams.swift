import Foundation
import Glibc

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

    /// Writes `line` and a newline to standard error, in one `write` where the system
    /// allows (so lines from several threads do not interleave), straight from the
    /// string's bytes: the access log writes a line per request.
    public static func error(_ line: String) {
        var text = line
        text.append("\n")
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
