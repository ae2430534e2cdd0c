import Glibc

/// A private scratch file being written as bytes arrive: created exclusively with a
/// random name (mode 0600 from the first instant, `O_EXCL | O_NOFOLLOW | O_CLOEXEC`),
/// appended to with short and interrupted writes retried, and unlinked in `remove()` or
/// `deinit` unless the owner `keep()`s it.
///
/// Scratch files are never fsynced: they live in directories emptied at start-up and
/// nothing in them was acknowledged to anyone, so a crash may lose them. Request bodies
/// spooled by the HTTP server and the file parts of uploads are both scratch files.
///
/// Owned by one thread at a time; not `Sendable`.
package final class ScratchFile {
    package let path: String
    /// Bytes appended so far.
    package private(set) var size = 0
    private var descriptor: Int32
    private var kept = false
    private var removed = false

    /// Creates an empty file named `prefix` + 32 random hex digits inside `directory`;
    /// retries a few times if a random name is taken.
    package init(directory: String, prefix: String) throws(FileSystemError) {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        var lastError: Int32 = EEXIST
        for _ in 0..<4 {
            let candidate = base + prefix + RandomName.make()
            let opened = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if opened >= 0 {
                path = candidate
                descriptor = opened
                return
            }
            lastError = errno
            if lastError != EEXIST { break }
        }
        throw FileSystemError(operation: "creating a scratch file in \(directory)", code: lastError)
    }

    deinit { remove() }

    /// Appends all of `bytes`.
    package func append(_ bytes: UnsafeRawBufferPointer) throws(FileSystemError) {
        guard descriptor >= 0 else { throw FileSystemError(operation: "writing \(path) after closing it", code: EBADF) }
        if let failure = FileDescriptorIO.writeAll(descriptor, bytes) {
            throw FileSystemError(operation: "writing \(path)", code: failure)
        }
        size += bytes.count
    }

    /// Closes the descriptor; the file stays until `remove()` (or `deinit`).
    package func close() throws(FileSystemError) {
        guard descriptor >= 0 else { return }
        let closed = Glibc.close(descriptor) == 0 ? nil : errno
        descriptor = -1
        if let closed { throw FileSystemError(operation: "closing \(path)", code: closed) }
    }

    /// Hands the file to the caller: it is no longer unlinked by `deinit`.
    package func keep() { kept = true }

    /// Closes and unlinks the file unless it was kept; safe to call more than once.
    package func remove() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
        guard !kept, !removed else { return }
        removed = true
        _ = unlink(path)
    }
}

@available(*, unavailable, message: "owns a file descriptor that one thread writes")
extension ScratchFile: Sendable {}
