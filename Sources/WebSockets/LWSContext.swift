import CWebSockets
import Synchronization

/// Creating and destroying one libwebsockets context: the protocol table it reads for its
/// whole life is allocated here and freed after the context. Runs on the connection's or
/// server's own thread (libwebsockets is not thread-safe apart from `lws_cancel_service`).
enum LWSContext {
    /// libwebsockets logs to standard error by default; the wrappers report failures as
    /// typed errors instead, so its own log is silenced once per process.
    private static let quiet: Bool = {
        lws_set_log_level(0, nil)
        return true
    }()

    /// The protocol table (one entry and the zeroed terminator) with the callback; owned by
    /// the caller until after `lws_context_destroy`.
    struct Protocols {
        let table: UnsafeMutablePointer<lws_protocols>
        let name: UnsafeMutablePointer<CChar>

        init(name text: String, callback: LWSCallback, rxBufferSize: Int) {
            name = strdupOrDie(text)
            table = .allocate(capacity: 2)
            table.initialize(repeating: lws_protocols(), count: 2)
            table[0].name = UnsafePointer(name)
            table[0].callback = callback
            table[0].rx_buffer_size = rxBufferSize
        }

        func free() {
            table.deinitialize(count: 2)
            table.deallocate()
            name.deallocate()
        }
    }

    /// A context whose `lws_context_user` is `user`; nil if libwebsockets refuses.
    static func create(
        protocols: Protocols, user: UnsafeMutableRawPointer, port: Int32, interface: UnsafePointer<CChar>?, tls: Bool,
        timeoutSeconds: Int
    ) -> OpaquePointer? {
        _ = quiet
        var info = lws_context_creation_info()
        info.port = port
        info.iface = interface
        info.protocols = UnsafePointer(protocols.table)
        info.user = user
        info.timeout_secs = UInt32(max(1, timeoutSeconds))
        info.gid = -1
        info.uid = -1
        var options = UInt64(LWS_SERVER_OPTION_VALIDATE_UTF8)
        if tls { options |= UInt64(LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT) }
        info.options = options
        return lws_create_context(&info)
    }
}

/// A context pointer another thread may hold to wake the loop: `@unchecked Sendable`
/// because the only call made through it from another thread is `lws_cancel_service`,
/// which libwebsockets documents as safe from any thread, and it is only read under the
/// lock that clears it before the context is destroyed.
struct ContextHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// libwebsockets' protocol callback, as a C function pointer (a `let` of this type at
/// file scope is a constant the compiler knows is safe to share).
typealias LWSCallback = @convention(c) (OpaquePointer?, lws_callback_reasons, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int) -> Int32

/// A C copy of `text` the caller frees with `deallocate()`.
func strdupOrDie(_ text: String) -> UnsafeMutablePointer<CChar> {
    let utf8 = Array(text.utf8CString)
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
    copy.initialize(from: utf8, count: utf8.count)
    return copy
}
