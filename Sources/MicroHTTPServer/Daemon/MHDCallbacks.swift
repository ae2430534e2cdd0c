import CMicroHTTPD
import Glibc

// libmicrohttpd's callbacks as file-scope C function pointers (they cannot capture);
// every one reaches its state through the `void *` context MHD hands back.
// `cls` is always the daemon's `ServerContext` (retained for the daemon's lifetime).

/// The access handler: all work happens in `ServerContext.handleAccess`.
let mhdAccessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, version, upload, uploadSize, slot in
    guard let cls, let connection, let uploadSize, let slot else { return .NO }
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    return context.handleAccess(
        connection: connection, url: url, method: method, version: version,
        upload: upload, uploadSize: uploadSize, slot: slot
    )
}

/// Called with the request target before MHD splits or decodes it: the only place the
/// raw query string survives intact, so the request's state is created here. MHD marks
/// the request as seen by the application, so the completed callback releases it on
/// every path (completion, error, timeout, shutdown).
///
/// It also ends the target right after its "?", so MHD parses no query arguments. The
/// server never uses MHD's parsed arguments (handlers get the raw query), and MHD keeps
/// each one in the connection's small memory pool: ~500 arguments exhausted it, and
/// libmicrohttpd 0.9.75 then logged "Not enough memory in pool" and left the client
/// hanging until the timeout instead of answering. MHD calls this callback "before we
/// modify URI *or* args" (connection.c), on the request line in its own read buffer,
/// which it then cuts at the "?" itself; ending the argument text there is writing into
/// the same buffer the same way.
let mhdURILog: cmhd_uri_log_callback = { cls, uri, _ in
    guard let cls else { return nil }
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    let state = RequestState(target: uri.map { String(cString: $0) } ?? "", configuration: context.configuration)
    if let uri, let mark = strchr(uri, Int32(UInt8(ascii: "?"))) {
        UnsafeMutablePointer(mutating: mark + 1).pointee = 0
    }
    return Unmanaged.passRetained(state).toOpaque()
}

/// Ends the request (response sent or connection gone): deletes a spilled body file,
/// takes it off the in-flight list and releases its state.
let mhdRequestCompleted: MHD_RequestCompletedCallback = { cls, connection, slot, _ in
    guard let cls, let slot, let pointer = slot.pointee else { return }
    slot.pointee = nil
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    if let connection, let peer = CountedPeer.of(connection) { context.slots.requestFinished(peer) }
    let state = Unmanaged<RequestState>.fromOpaque(pointer).takeRetainedValue()
    state.cleanUp(spool: context.spool, connections: context.connections, inFlight: context.inFlight)
}

/// Leaves URIs and arguments undecoded: the handler must see `%2e%2e`, `%2f` and `%00`
/// as sent to refuse path traversal itself, and MHD's decoding would also cut the path
/// at a decoded `%00`.
let mhdUnescapeNothing: cmhd_unescape_callback = { _, _, text in
    strlen(text)
}

/// Routes MHD's error log (MHD_USE_ERROR_LOG) to the server's `log` closure.
let mhdLogger: MHD_LogCallback = { cls, format, arguments in
    guard let cls, let format, let arguments else { return }
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    var buffer = [CChar](repeating: 0, count: 512)
    _ = vsnprintf(&buffer, buffer.count, format, arguments)
    var message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    while message.last == "\n" { message.removeLast() }
    context.log("libmicrohttpd: \(message)")
}

/// Connections were counted per client when `AcceptLoop` admitted them; the start marks
/// one as waiting for its head, and its peer is kept in the socket context until the
/// close, which uncounts exactly what the admission counted.
let mhdNotifyConnection: MHD_NotifyConnectionCallback = { cls, connection, socketContext, event in
    guard let cls, let connection, let socketContext else { return }
    let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    switch event {
    case .CONNECTION_NOTIFY_STARTED:
        // Every connection comes through `AcceptLoop`; one that did not would be served
        // uncounted rather than refused.
        let peer =
            context.slots.started(descriptor: cmhd_connection_fd(connection))
            ?? CountedPeer(address: cmhd_connection_client_address(connection).map(SocketAddress.text(of:)) ?? "")
        socketContext.pointee = Unmanaged.passRetained(peer).toOpaque()
    case .CONNECTION_NOTIFY_CLOSED:
        guard let stored = socketContext.pointee else { return }
        socketContext.pointee = nil
        let peer = Unmanaged<CountedPeer>.fromOpaque(stored).takeRetainedValue()
        context.slots.closed(peer)
        context.handedOver.release()
    default:
        break
    }
}
