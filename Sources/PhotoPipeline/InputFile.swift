#if canImport(Glibc)
    import Glibc
#endif

/// An input photo file opened with POSIX calls, so errors keep `errno`'s reason and an
/// oversized file is refused from its `fstat` size before any byte is read. The one owner
/// of its descriptor (closed in `deinit`).
///
/// A JPEG is never read whole from it: it is inspected through a `JPEGFileWindow` and
/// decoded by `JPEGRowDecoder` from the descriptor, a chunk at a time. Other formats are
/// read into memory with `readAll`. Not `Sendable`: one photo, one worker thread.
final class InputFile {
    let path: String
    let descriptor: Int32
    /// The size `fstat` gave when the file was opened.
    let size: Int

    init(path: String, limit: Int) throws(PhotoProcessingError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: Self.reason()) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = Self.reason()
            close(descriptor)
            throw .unreadable(path: path, reason: reason)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .unreadable(path: path, reason: "not a regular file")
        }
        guard Int(info.st_size) <= limit else {
            close(descriptor)
            throw .inputTooLarge(bytes: Int(info.st_size), limit: limit)
        }
        self.path = path
        self.descriptor = descriptor
        self.size = Int(info.st_size)
    }

    deinit { close(descriptor) }

    /// Whether the file starts with a JPEG SOI marker (which takes the JPEG path, so a
    /// damaged JPEG is still called one).
    var startsLikeJPEG: Bool {
        var start: (UInt8, UInt8) = (0, 0)
        let got = withUnsafeMutableBytes(of: &start) { pread(descriptor, $0.baseAddress, 2, 0) }
        return got == 2 && start == (0xFF, 0xD8)
    }

    /// The whole file in memory (for formats whose decoders take bytes).
    func readAll() throws(PhotoProcessingError) -> [UInt8] {
        let size = size
        var failure: String?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var offset = 0
            while offset < size {
                let count = pread(descriptor, buffer.baseAddress! + offset, size - offset, off_t(offset))
                if count < 0, errno == EINTR { continue }
                if count < 0 {
                    failure = Self.reason()
                    break
                }
                if count == 0 { break }  // the file shrank while being read
                offset += count
            }
            initialized = offset
        }
        if let failure { throw .unreadable(path: path, reason: failure) }
        return bytes
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
