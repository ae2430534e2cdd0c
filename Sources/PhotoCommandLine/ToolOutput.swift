import DurableFiles
import Glibc

/// What the photo tool writes: its lines on standard output and standard error, and the
/// worker's hand-over JPEG. Plain `write(2)` calls, so the tool links no Foundation
/// (`WorkerJSON` says why) and each line leaves in one piece.
enum ToolOutput {
    /// `line` and a newline on standard output.
    static func output(_ line: String) { _ = write(line + "\n", to: 1) }

    /// `line` and a newline on standard error.
    static func error(_ line: String) { _ = write(line + "\n", to: 2) }

    /// `bytes` as a new file at `path` readable by this user only (the worker's output,
    /// which the server reads at once and removes, so it is not synced); false on failure.
    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let failed = bytes.withUnsafeBytes { FileDescriptorIO.writeAll(descriptor, $0) }
        return close(descriptor) == 0 && failed == nil
    }

    private static func write(_ text: String, to descriptor: Int32) -> Bool {
        Array(text.utf8).withUnsafeBytes { FileDescriptorIO.writeAll(descriptor, $0) } == nil
    }
}
