import DurableFiles
import Glibc

/// A request body spilled to disk: a `ScratchFile` (`0600`, exclusive, random name) in
/// the configured temporary directory, written while the upload arrives and unlinked once
/// the response is done (or the connection died). The handler reads it from where it is.
///
/// Owned by one request and written only from that request's MHD thread; removal may
/// happen from another thread only after writing ended, so no lock is needed.
final class TemporaryBodyFile {
    private let file: ScratchFile
    var path: String { file.path }

    /// Creates an empty file in `directory`.
    init(directory: String) throws(BodySpoolError) {
        do {
            file = try ScratchFile(directory: directory, prefix: "grainstories-body-")
        } catch {
            throw BodySpoolError(operation: error.operation, errno: error.code)
        }
    }

    /// Appends all of `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws(BodySpoolError) {
        do {
            try file.append(bytes)
        } catch {
            throw BodySpoolError(operation: error.operation, errno: error.code)
        }
    }

    /// Closes the descriptor; the file stays for the handler to read.
    func finishWriting() {
        try? file.close()
    }

    /// Closes and unlinks the file; safe to call more than once.
    func remove() {
        file.remove()
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
