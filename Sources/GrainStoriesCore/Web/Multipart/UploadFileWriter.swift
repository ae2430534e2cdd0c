import Foundation

/// Streams one uploaded file to a new, randomly named file (mode 0600) and owns its file
/// descriptor: the descriptor is closed, and an unfinished file deleted, in `deinit` at
/// the latest, so a failure anywhere leaves nothing behind.
///
/// Uses POSIX calls rather than `FileHandle` to create the file exclusively (`O_EXCL`,
/// `O_NOFOLLOW`) with its final mode from the first instant, and to fsync it.
final class UploadFileWriter {
    let path: String
    private(set) var size = 0
    private var descriptor: Int32
    private var finished = false

    /// Creates the file inside `directory`; retries a few times if a random name is taken.
    init(directory: String) throws(MultipartError) {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        var lastError: Int32 = EEXIST
        for _ in 0..<4 {
            let candidate = prefix + "upload-" + Self.randomName()
            let opened = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if opened >= 0 {
                path = candidate
                descriptor = opened
                return
            }
            lastError = errno
            if lastError != EEXIST { break }
        }
        throw .fileSystem(operation: "creating an upload file in \(directory)", detail: Self.describe(lastError))
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if !finished { unlink(path) }
    }

    /// Appends `bytes`, retrying short and interrupted writes.
    func append(_ bytes: ArraySlice<UInt8>) throws(MultipartError) {
        let failure: Int32? = bytes.withUnsafeBytes { raw -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure { throw .fileSystem(operation: "writing \(path)", detail: Self.describe(failure)) }
        size += bytes.count
    }

    /// Flushes the file to disk and closes it; from now on the caller owns the file.
    func finish() throws(MultipartError) {
        let synced = fsync(descriptor) == 0 ? nil : errno
        let closed = close(descriptor) == 0 ? nil : errno
        descriptor = -1
        if let failure = synced ?? closed {
            throw .fileSystem(operation: "saving \(path)", detail: Self.describe(failure))
        }
        finished = true
    }

    /// Closes and deletes the file now rather than at `deinit`.
    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if !finished { unlink(path) }
        finished = true
    }

    private static func randomName() -> String {
        var generator = SystemRandomNumberGenerator()
        return Hex.encode((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)) + " (errno \(code))"
    }
}

@available(*, unavailable, message: "owns a file descriptor that one thread writes")
extension UploadFileWriter: Sendable {}
