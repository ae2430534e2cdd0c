import CCurl

/// The multi handle, as far as threads other than the driver thread may touch it.
///
/// `@unchecked Sendable` because the only call made through it from other threads is
/// `curl_multi_wakeup`, which libcurl documents as callable from any thread. Everything
/// else on the handle happens on the driver thread. `CurlEngine` calls `wakeUp` only
/// under its lock and only while the engine is not stopped, and the driver thread marks
/// it stopped under that same lock before `curl_multi_cleanup`, so a wake-up can never
/// reach a freed handle.
struct MultiHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer

    /// Interrupts the driver thread's `curl_multi_poll`, now or on its next call.
    func wakeUp() {
        _ = curl_multi_wakeup(pointer)
    }
}
