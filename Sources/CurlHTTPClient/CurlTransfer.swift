import CCurl
import Glibc

/// One request in flight: the owner of its easy handle and of everything libcurl reads
/// from or writes into while it runs.
///
/// Lives only on the driver thread. libcurl's callbacks reach it through an unretained
/// `Unmanaged` pointer; `CurlMultiLoop` keeps it alive while the handle is attached to
/// the multi handle, which is the only time callbacks run. `deinit` frees the easy
/// handle first and only then the header list, body buffer, error buffer and upload
/// file it points to.
final class CurlTransfer {
    let id: UInt64
    let easy: UnsafeMutableRawPointer
    let configuration: HTTPClientConfiguration
    private var continuation: CurlEngine.Continuation?

    /// libcurl's `CURLOPT_ERRORBUFFER`: a human-readable reason on failure.
    let errorBuffer: UnsafeMutablePointer<CChar>
    /// The request header list handed to `CURLOPT_HTTPHEADER`.
    var headerList: UnsafeMutablePointer<curl_slist>?
    /// An in-memory request body handed to `CURLOPT_POSTFIELDS` (libcurl does not copy it).
    var postBody: UnsafeMutableRawBufferPointer?
    /// The file streamed by the read callback, or -1.
    var uploadFile: Int32 = -1

    /// The response body so far, capped at `configuration.maxResponseBytes`.
    var body: [UInt8] = []
    /// The latest response's header fields (reset at every status line, so after
    /// redirects and `100 Continue` only the final response's remain).
    var responseHeaders: [(String, String)] = []
    /// Set by the write callback when the body would exceed the cap.
    var exceededResponseLimit = false
    /// Whether any status line arrived (a non-HTTP reply has none).
    var sawStatusLine = false
    /// Set by the open-socket callback when the address policy refused a peer.
    var blockedAddressReason: String?

    init(id: UInt64, easy: UnsafeMutableRawPointer, continuation: CurlEngine.Continuation, configuration: HTTPClientConfiguration) {
        self.id = id
        self.easy = easy
        self.continuation = continuation
        self.configuration = configuration
        let size = Int(CURL_ERROR_SIZE) + 1
        errorBuffer = .allocate(capacity: size)
        errorBuffer.initialize(repeating: 0, count: size)
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
        postBody?.deallocate()
        errorBuffer.deallocate()
        if uploadFile >= 0 { close(uploadFile) }
        // Never strand a caller, even if a path above forgot to complete it.
        continuation?.resume(returning: .failure(HTTPClientError(.shutDown, message: "the transfer was dropped")))
    }

    /// Resumes the awaiting caller; later calls do nothing.
    func complete(with result: Result<HTTPClientResponse, HTTPClientError>) {
        continuation?.resume(returning: result)
        continuation = nil
    }

    /// The context pointer handed to libcurl's callbacks.
    var context: UnsafeMutableRawPointer {
        Unmanaged.passUnretained(self).toOpaque()
    }

    /// libcurl's text for the failure: its error buffer, or the generic code string.
    func errorMessage(for code: CURLcode) -> String {
        let buffered = String(cString: errorBuffer)
        return buffered.isEmpty ? String(cString: curl_easy_strerror(code)) : buffered
    }
}

@available(*, unavailable, message: "confined to the driver thread; libcurl easy handles are not thread-safe")
extension CurlTransfer: Sendable {}
