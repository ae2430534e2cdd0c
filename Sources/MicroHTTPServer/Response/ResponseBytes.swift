import CMicroHTTPD

/// Keeps a response body's bytes alive for as long as MHD sends from them, so a body
/// reaches the socket without being copied.
///
/// MHD gets a pointer into the array's storage plus this box as the free-callback
/// context; the box is retained until MHD destroys the response. The pointer stays valid
/// because the array is a `let` owned only by the box: nothing can mutate or reallocate
/// its storage while the box lives.
final class ResponseBytes {
    private let bytes: [UInt8]

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// An MHD response sending `bytes` in place; nil if MHD could not allocate one.
    static func makeResponse(_ bytes: [UInt8]) -> OpaquePointer? {
        let box = ResponseBytes(bytes)
        let context = Unmanaged.passRetained(box)
        let response = box.bytes.withUnsafeBytes { raw in
            MHD_create_response_from_buffer_with_free_callback_cls(
                raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), releaseResponseBytes, context.toOpaque()
            )
        }
        if response == nil { context.release() }
        return response
    }
}

/// MHD's free callback for `ResponseBytes`: drops the retain taken in `makeResponse`.
private let releaseResponseBytes: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<ResponseBytes>.fromOpaque(context).release()
}
