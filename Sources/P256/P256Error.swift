internal import COpenSSL

/// Why a P-256 operation failed: the call that failed and OpenSSL's reason (or this
/// target's own, for input refused before OpenSSL sees it).
///
/// Never carries key material: errors end up in logs.
package struct P256Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// The failing call, such as `EVP_DigestSign` or `PublicKey(x:y:)`.
    package let operation: String
    /// OpenSSL's error string (`ERR_error_string_n`) or this target's explanation.
    package let reason: String

    package init(operation: String, reason: String) {
        self.operation = operation
        self.reason = reason
    }

    package var description: String { "P256: \(operation) failed: \(reason)" }

    /// The error for a failed OpenSSL call, with the oldest queued reason (the root cause;
    /// later entries only say which callers passed it on). Drains the thread's error queue
    /// so the next operation on this thread starts clean.
    static func openSSL(_ call: String) -> P256Error {
        let code = ERR_get_error()
        var reason = "no reason queued by OpenSSL"
        if code != 0 {
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            reason = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        ERR_clear_error()
        return P256Error(operation: call, reason: reason)
    }
}
