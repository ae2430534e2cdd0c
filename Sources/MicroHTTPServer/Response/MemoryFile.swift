import CMicroHTTPD
import Glibc

/// Response bytes kept in an anonymous in-memory file as well, so that a large body sent
/// again and again (a cached page) goes out with sendfile like a file from disk: the
/// kernel hands the socket references to the file's pages instead of copying the bytes
/// for every response, which for a 100 KB page was a fifth of the server's time.
///
/// Each response gets its own duplicate of the descriptor (MHD closes it when done), so
/// releasing this object while responses are still being sent is safe. The file is never
/// written after `init`. `bytes` stays available for logs and tests.
package final class MemoryFile: Sendable {
    package let bytes: [UInt8]
    private let descriptor: Int32

    /// nil when the system cannot make or fill the file (then send the bytes instead).
    package init?(_ bytes: [UInt8]) {
        let descriptor = cmhd_memory_file()
        guard descriptor >= 0 else { return nil }
        let written = bytes.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let count = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if count > 0 {
                    offset += count
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
        guard written else {
            close(descriptor)
            return nil
        }
        self.bytes = bytes
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    package var count: Int { bytes.count }

    /// A new descriptor for the same file, for MHD to own; -1 on failure.
    func duplicateDescriptor() -> Int32 {
        fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
    }
}
