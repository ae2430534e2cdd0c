import CMicroHTTPD
import Glibc

/// Turns an `HTTPResponse` into an MHD response ready for `MHD_queue_response`.
///
/// The caller owns the result and destroys it right after queueing (MHD keeps its own
/// reference). Content-Length is always MHD's (it refuses the header from applications);
/// MHD also omits the body for HEAD while keeping the length.
enum MHDResponseFactory {
    /// Why a response could not be built; the driver answers 500 instead.
    struct BuildError: Error, CustomStringConvertible {
        let description: String
    }

    static func make(_ response: HTTPResponse, log: (String) -> Void) throws(BuildError) -> OpaquePointer {
        guard (200...599).contains(response.status.code) else {
            throw BuildError(description: "handler returned invalid status \(response.status.code)")
        }
        let made: OpaquePointer?
        switch response.body {
        case .empty:
            made = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
        case .bytes(let bytes):
            made =
                bytes.isEmpty
                ? MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
                : ResponseBytes.makeResponse(bytes)
        case .file(let path, _):
            made = try makeFileResponse(path: path, range: nil)
        case .fileRange(let path, let offset, let length):
            made = try makeFileResponse(path: path, range: (offset, length))
        }
        guard let made else { throw BuildError(description: "libmicrohttpd could not create a response") }
        for (name, value) in response.headers where !isContentLength(name) {
            let added = name.withCString { name in
                value.withCString { value in MHD_add_response_header(made, name, value) }
            }
            if added != .YES {
                log("dropped invalid response header \"\(name)\"")
            }
        }
        return made
    }

    /// Opens the file read-only (close-on-exec) and hands the descriptor to MHD, which
    /// sends it with sendfile and closes it when the response is destroyed. The size is
    /// taken from the open file, so a file that changed since the handler looked cannot
    /// make MHD promise a wrong Content-Length; a range (offset, length) must lie inside
    /// the open file, or the answer is a 500 rather than a short body.
    private static func makeFileResponse(path: String, range: (offset: Int, length: Int)?) throws(BuildError) -> OpaquePointer? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw BuildError(description: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw BuildError(description: "\(path) is not a regular file")
        }
        let made: OpaquePointer?
        if let range {
            guard range.offset >= 0, range.length >= 0, range.offset + range.length <= Int(status.st_size) else {
                close(descriptor)
                throw BuildError(description: "\(path) is shorter than the range asked for")
            }
            made = MHD_create_response_from_fd_at_offset64(UInt64(range.length), descriptor, UInt64(range.offset))
        } else {
            made = MHD_create_response_from_fd64(UInt64(status.st_size), descriptor)
        }
        guard let made else {
            close(descriptor)
            return nil
        }
        return made
    }

    private static func isContentLength(_ name: String) -> Bool {
        HTTPHeaders.namesMatch(name, "Content-Length")
    }
}
