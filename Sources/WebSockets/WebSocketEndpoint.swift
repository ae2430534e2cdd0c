/// Where a WebSocket client connects: `ws://` or `wss://` host, port and path (with its
/// query), already split and checked by the caller.
package struct WebSocketEndpoint: Sendable, Equatable {
    package let host: String
    package let port: Int
    /// The request target: path and query, starting with `/`.
    package let path: String
    /// `wss`: TLS with the system's certificate authorities and a host-name check.
    package let secure: Bool

    package init(host: String, port: Int, path: String, secure: Bool) {
        self.host = host
        self.port = port
        self.path = path.hasPrefix("/") ? path : "/" + path
        self.secure = secure
    }

    /// The `Host` header: the name, with the port when it is not the scheme's default.
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == (secure ? 443 : 80) ? name : "\(name):\(port)"
    }
}
