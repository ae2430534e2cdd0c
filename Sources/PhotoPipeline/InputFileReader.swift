import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads an input file into memory with POSIX calls, so errors keep `errno`'s reason and
/// an oversized file is refused from its `fstat` size before any byte is read.
enum InputFileReader {
    static func read(path: String, limit: Int) throws(PhotoProcessingError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: reason()) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(path: path, reason: reason()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        let size = Int(info.st_size)
        guard size <= limit else { throw .inputTooLarge(bytes: size, limit: limit) }
        var failure: String?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var offset = 0
            while offset < size {
                let count = Glibc.read(descriptor, buffer.baseAddress! + offset, size - offset)
                if count < 0, errno == EINTR { continue }
                if count < 0 {
                    failure = reason()
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
