/// One HTTP request as handlers see it: a plain value, so handlers and routers can be
/// tested without a socket.
package struct HTTPRequest: Sendable {
    package var method: HTTPMethod
    /// The path exactly as sent (still percent-encoded), without the query.
    package var path: String
    /// The raw query string after `?`, without the `?`; nil when there was none.
    package var query: String?
    package var version: String
    package var headers: HTTPHeaders
    package var body: RequestBody
    /// The peer's IP address as text ("127.0.0.1", "::1"); empty when unknown.
    package var remoteAddress: String
    /// Who the request is from: the peer, or, when the peer is a trusted proxy, the
    /// address its `X-Forwarded-For` names. What per-client limits and logs key on.
    package var clientAddress: String

    package init(
        method: HTTPMethod,
        path: String,
        query: String? = nil,
        version: String = "HTTP/1.1",
        headers: HTTPHeaders = HTTPHeaders(),
        body: RequestBody = .empty,
        remoteAddress: String = "",
        clientAddress: String? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.clientAddress = clientAddress ?? remoteAddress
    }

    /// Builds a request from a target such as `/a/b?x=1`, splitting off the query.
    package init(method: HTTPMethod, target: String, headers: HTTPHeaders = HTTPHeaders(), body: RequestBody = .empty) {
        if let mark = target.firstIndex(of: "?") {
            self.init(method: method, path: String(target[..<mark]), query: String(target[target.index(after: mark)...]), headers: headers, body: body)
        } else {
            self.init(method: method, path: target, headers: headers, body: body)
        }
    }
}
