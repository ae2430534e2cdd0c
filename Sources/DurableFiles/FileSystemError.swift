import Glibc

/// A failed file-system call: which operation on which path, and the `errno` it left.
///
/// Kept as the C code (not only a message) so callers can tell "no space" from "no
/// permission" and wrap it in their own error type.
package struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done, naming the path ("creating /data/drafts/x.jpg").
    package let operation: String
    package let code: Int32

    package init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// `strerror` of `code` with the number, e.g. "No space left on device (errno 28)".
    package var detail: String { String(cString: strerror(code)) + " (errno \(code))" }

    package var description: String { "\(operation) failed: \(detail)" }
}
