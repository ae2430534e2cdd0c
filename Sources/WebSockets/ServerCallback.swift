import CWebSockets
import Glibc
import Synchronization

/// libwebsockets' callback for the server, on the server's own thread; plain HTTP and
/// everything not handled here goes to the library's own dummy handler.
let serverCallback: LWSCallback = { wsi, reason, user, input, length in
    guard let wsi, let context = lws_get_context(wsi), let server = lws_context_user(context) else {
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    return Unmanaged<WebSocketServer>.fromOpaque(server).takeUnretainedValue()
        .handle(wsi: wsi, reason: reason, user: user, input: input, length: length)
}

extension WebSocketServer {
    func handle(
        wsi: OpaquePointer, reason: lws_callback_reasons, user: UnsafeMutableRawPointer?, input: UnsafeMutableRawPointer?, length: Int
    ) -> Int32 {
        switch reason {
        case LWS_CALLBACK_ESTABLISHED:
            let peer = newPeer(path: Self.requestTarget(wsi))
            peers[wsi] = peer
            onOpen(peer)
        case LWS_CALLBACK_SERVER_WRITEABLE:
            guard let peer = peers[wsi] else { return 0 }
            let (next, more) = peer.queue.withLock { queue -> (WebSocketPeer.Outgoing?, Bool) in
                guard !queue.outgoing.isEmpty else { return (nil, false) }
                return (queue.outgoing.removeFirst(), !queue.outgoing.isEmpty)
            }
            switch next {
            case .text(let text):
                var frame = [UInt8](repeating: 0, count: cws_pre()) + Array(text.utf8)
                let count = frame.count - cws_pre()
                let written = frame.withUnsafeMutableBufferPointer { buffer in
                    lws_write(wsi, buffer.baseAddress! + cws_pre(), count, LWS_WRITE_TEXT)
                }
                if written < count { return -1 }
            case .close(let code):
                lws_close_reason(wsi, lws_close_status(rawValue: UInt32(code)), nil, 0)
                return -1
            case nil:
                break
            }
            if more { lws_callback_on_writable(wsi) }
        case LWS_CALLBACK_CLOSED:
            peers.removeValue(forKey: wsi)?.queue.withLock { $0.closed = true }
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            if shared.withLock({ $0.stopping }) {
                finished = true
                return 0
            }
            for (connection, peer) in peers {
                let (pending, drop) = peer.queue.withLock { queue in
                    defer { queue.drop = false }
                    return (!queue.outgoing.isEmpty, queue.drop)
                }
                if drop {
                    shutdown(lws_get_socket_fd(connection), Int32(SHUT_RDWR))
                } else if pending {
                    lws_callback_on_writable(connection)
                }
            }
        default:
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        }
        return 0
    }

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The upgrade request's path and query.
    private static func requestTarget(_ wsi: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let pathLength = lws_hdr_copy(wsi, &buffer, Int32(buffer.count), WSI_TOKEN_GET_URI)
        var target = pathLength > 0 ? Self.text(buffer) : "/"
        var arguments: [String] = []
        var index: Int32 = 0
        while lws_hdr_copy_fragment(wsi, &buffer, Int32(buffer.count), WSI_TOKEN_HTTP_URI_ARGS, index) > 0 {
            arguments.append(Self.text(buffer))
            index += 1
        }
        if !arguments.isEmpty { target += "?" + arguments.joined(separator: "&") }
        return target
    }
}
