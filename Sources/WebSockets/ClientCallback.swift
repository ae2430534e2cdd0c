import CWebSockets
import Glibc

/// libwebsockets' callback for client connections, on the connection's own thread; the
/// session comes back through the context's user pointer (`ClientSession.run` holds it).
let clientCallback: LWSCallback = { wsi, reason, _, input, length in
    guard let wsi, let context = lws_get_context(wsi), let user = lws_context_user(context) else { return 0 }
    let session = Unmanaged<ClientSession>.fromOpaque(user).takeUnretainedValue()
    return session.handle(wsi: wsi, reason: reason, input: input, length: length)
}

extension ClientSession {
    /// One callback; a non-zero answer makes libwebsockets close the connection.
    func handle(wsi: OpaquePointer, reason: lws_callback_reasons, input: UnsafeMutableRawPointer?, length: Int) -> Int32 {
        switch reason {
        case LWS_CALLBACK_CLIENT_APPEND_HANDSHAKE_HEADER:
            guard let input else { return 0 }
            let cursor = input.assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self)
            guard let start = cursor.pointee else { return 0 }
            let end = start + length
            let added = options.userAgent.withCString { agent in
                lws_add_http_header_by_name(wsi, "user-agent:", agent, Int32(strlen(agent)), cursor, end)
            }
            return added == 0 ? 0 : -1
        case LWS_CALLBACK_CLIENT_ESTABLISHED:
            self.wsi = wsi
            established()
        case LWS_CALLBACK_CLIENT_RECEIVE:
            let piece = UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length)
            let isLast = lws_is_final_fragment(wsi) != 0 && lws_remaining_packet_payload(wsi) == 0
            switch assembler.add(piece, isBinary: lws_frame_is_binary(wsi) != 0, isLast: isLast) {
            case .partial:
                break
            case .message(let text):
                deliver(text)
            case .tooLarge:
                end(WebSocketError(.messageTooLarge, "a message from \(endpoint.hostHeader) passed \(options.maxMessageBytes) bytes"))
                lws_close_reason(wsi, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, nil, 0)
                return -1
            case .notText:
                end(WebSocketError(.protocolViolation, "\(endpoint.hostHeader) sent a binary frame or text that is not UTF-8"))
                lws_close_reason(wsi, LWS_CLOSE_STATUS_UNACCEPTABLE_OPCODE, nil, 0)
                return -1
            }
        case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
            if let input, length >= 2 {
                let bytes = input.assumingMemoryBound(to: UInt8.self)
                peerCloseCode = Int(bytes[0]) << 8 | Int(bytes[1])
            }
        case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
            let detail = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "no reason given"
            end(WebSocketError(.connectFailed, "\(endpoint.hostHeader): \(detail)"))
        case LWS_CALLBACK_CLIENT_CLOSED:
            if closingLocally {
                end(WebSocketError(.closedLocally, "closed by this side"))
            } else {
                end(WebSocketError(.closed, "\(endpoint.hostHeader) closed the connection", closeCode: peerCloseCode))
            }
        case LWS_CALLBACK_CLIENT_WRITEABLE:
            if closingLocally {
                lws_close_reason(wsi, LWS_CLOSE_STATUS_NORMAL, nil, 0)
                return -1
            }
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            let commands = takeCommands()
            guard let connection = self.wsi else {
                if commands.close { end(WebSocketError(.closedLocally, "closed by this side")) }
                return 0
            }
            if commands.close && !closingLocally {
                closingLocally = true
                lws_callback_on_writable(connection)
            }
            if commands.resume { lws_rx_flow_control(connection, 1) }
        case LWS_CALLBACK_WSI_DESTROY:
            if wsi == self.wsi {
                self.wsi = nil
                end(WebSocketError(.closed, "the connection to \(endpoint.hostHeader) is gone", closeCode: peerCloseCode))
            }
        default:
            break
        }
        return 0
    }
}
