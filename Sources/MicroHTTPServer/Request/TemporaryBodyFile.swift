import Glibc

/// A request body spilled to disk: a `0600` file created with `mkostemp` in the
/// configured temporary directory, written while the upload arrives and unlinked once
/// the response is done (or the connection died).
///
/// Owned by one request and written only from that request's MHD thread; removal may
/// happen from another thread only after writing ended, so no lock is needed.
final class TemporaryBodyFile {
    let path: String
    private var descriptor: Int32
    private var isRemoved = false

    /// Creates an empty file in `directory` (mkstemp: unique name, mode 0600, O_EXCL).
    init(directory: String) throws(BodySpoolError) {
        var template = Array("\(directory)/grainstories-body-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            mkstemp(buffer.baseAddress!)
        }
        guard descriptor >= 0 else {
            throw BodySpoolError(operation: "mkstemp in \(directory)", errno: errno)
        }
        // mkostemp is hidden behind _GNU_SOURCE in Glibc's module; close-on-exec after.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        self.descriptor = descriptor
        self.path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Appends all of `bytes`, retrying short writes and `EINTR`.
    func write(_ bytes: UnsafeRawBufferPointer) throws(BodySpoolError) {
        guard descriptor >= 0 else { throw BodySpoolError(operation: "write after close", errno: EBADF) }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw BodySpoolError(operation: "write \(path)", errno: errno)
            }
            offset += written
        }
    }

    /// Closes the descriptor; the file stays for the handler to read.
    func finishWriting() {
        if descriptor >= 0 {
            _ = close(descriptor)
            descriptor = -1
        }
    }

    /// Closes and unlinks the file; safe to call more than once.
    func remove() {
        finishWriting()
        if !isRemoved {
            isRemoved = true
            _ = unlink(path)
        }
    }

    deinit {
        remove()
    }
}

/// Why a request body could not be kept; the request is answered with 500.
struct BodySpoolError: Error, CustomStringConvertible {
    let operation: String
    let errno: Int32

    var description: String {
        "\(operation) failed: \(String(cString: strerror(errno)))"
    }
}
