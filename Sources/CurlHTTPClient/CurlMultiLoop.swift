import CCurl
import Glibc

/// The driver thread's state: the multi handle and every live transfer.
///
/// Runs only on the engine's dedicated thread, so nothing here is locked; it blocks in
/// `curl_multi_poll`, which is why it must never run on the cooperative pool. Each turn
/// it applies queued commands, lets libcurl make progress, completes finished
/// transfers, then sleeps until a socket is ready, a libcurl timer expires or
/// `curl_multi_wakeup` is called.
final class CurlMultiLoop {
    private let multi: UnsafeMutableRawPointer
    private let engine: CurlEngine
    private let configuration: HTTPClientConfiguration
    /// Live transfers by easy handle; holding them here is what keeps the callback
    /// context pointers (passed unretained to libcurl) valid.
    private var transfers: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    private var handlesByID: [UInt64: UnsafeMutableRawPointer] = [:]

    init(multi: MultiHandle, engine: CurlEngine) {
        self.multi = multi.pointer
        self.engine = engine
        self.configuration = engine.configuration
        _ = ccurl_multi_setopt_long(self.multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, configuration.maxConnectionsPerHost))
        _ = ccurl_multi_setopt_long(self.multi, CURLMOPT_MAXCONNECTS, max(1, configuration.maxCachedConnections))
    }

    /// Drives transfers until shutdown is requested, then fails the rest and cleans up.
    func run() {
        while true {
            let (commands, stop) = engine.takeCommands()
            for command in commands {
                switch command {
                case .start(let order) where stop:
                    order.continuation.resume(returning: .failure(Self.shutDownError))
                case .start(let order):
                    start(order)
                case .cancel(let id):
                    cancel(id)
                }
            }
            if stop { break }

            var running: Int32 = 0
            _ = curl_multi_perform(multi, &running)
            completeFinishedTransfers()
            if curl_multi_poll(multi, nil, 0, 1000, nil) != CURLM_OK {
                usleep(10_000)  // Never expected; avoids spinning if polling keeps failing.
            }
        }
        for handle in Array(transfers.keys) {
            finish(handle, with: .failure(Self.shutDownError))
        }
        engine.finishShutdown { _ = curl_multi_cleanup(multi) }
    }

    private static let shutDownError = HTTPClientError(.shutDown, message: "the HTTP client was shut down")

    private func start(_ order: CurlEngine.Order) {
        guard let easy = curl_easy_init() else {
            order.continuation.resume(
                returning: .failure(HTTPClientError(.other, message: "curl_easy_init failed")))
            return
        }
        var limits = configuration
        if let cap = order.request.maxResponseBytes { limits.maxResponseBytes = min(cap, limits.maxResponseBytes) }
        let transfer = CurlTransfer(id: order.id, easy: easy, continuation: order.continuation, configuration: limits)
        do {
            try transfer.configure(for: order.request)
        } catch {
            transfer.complete(with: .failure(error))
            return
        }
        let added = curl_multi_add_handle(multi, easy)
        guard added == CURLM_OK else {
            let message = String(cString: curl_multi_strerror(added))
            transfer.complete(with: .failure(HTTPClientError(.other, message: "curl_multi_add_handle: \(message)")))
            return
        }
        transfers[easy] = transfer
        handlesByID[order.id] = easy
    }

    /// Aborts a transfer; an id that already finished is ignored.
    private func cancel(_ id: UInt64) {
        guard let handle = handlesByID[id] else { return }
        finish(handle, with: .failure(HTTPClientError(.cancelled, message: "the request was cancelled")))
    }

    private func completeFinishedTransfers() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            // Read everything first: removing the handle invalidates `message`.
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
            let code = message.pointee.data.result
            guard let transfer = transfers[handle] else { continue }
            finish(handle, with: transfer.outcome(for: code))
        }
    }

    /// Detaches a transfer from the multi handle, resumes its caller and frees it.
    private func finish(_ handle: UnsafeMutableRawPointer, with result: Result<HTTPClientResponse, HTTPClientError>) {
        guard let transfer = transfers.removeValue(forKey: handle) else { return }
        handlesByID[transfer.id] = nil
        _ = curl_multi_remove_handle(multi, handle)
        transfer.complete(with: result)
    }
}
