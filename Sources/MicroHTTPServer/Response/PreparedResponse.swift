import CMicroHTTPD

/// A response made into libmicrohttpd's form once, then queued for any number of requests.
///
/// For an answer sent many times unchanged, such as a remembered home page: making the MHD
/// response and copying its ten header fields into it was about a tenth of the server's
/// own work for each such answer (issue 26, BENCHMARKS.md). MHD counts the references to a
/// response under a lock of its own and sends a shared one to many connections at once;
/// the response is never changed after it is made, so sharing it between threads is safe.
package final class PreparedResponse: @unchecked Sendable {
    /// MHD's response, released when the last `HTTPResponse` holding this goes away (MHD
    /// keeps it for connections still sending it).
    let handle: OpaquePointer

    /// Nil when the response cannot be prepared: a body read from a file, unless
    /// `keepingFileOpen` (a prepared one keeps the file's descriptor, and its content, for
    /// as long as it lives; see `HTTPResponse.preparedForReuse`), a file that cannot be
    /// opened, or anything `MHDResponseFactory` would refuse or drop, which is left to the
    /// per-request path to answer and log as it always does. MHD reads a kept descriptor at
    /// each connection's own offset (`sendfile` and `pread`, never the shared file
    /// position), so connections sending it at once do not disturb each other.
    init?(_ response: HTTPResponse, keepingFileOpen: Bool = false) {
        switch response.body {
        case .empty, .bytes: break
        case .file, .fileRange: if !keepingFileOpen { return nil }
        }
        var dropped = false
        guard let made = try? MHDResponseFactory.make(response, log: { _ in dropped = true }) else { return nil }
        guard !dropped else {
            MHD_destroy_response(made)
            return nil
        }
        handle = made
    }

    deinit {
        MHD_destroy_response(handle)
    }
}
