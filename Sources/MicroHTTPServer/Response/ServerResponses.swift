/// The responses the server makes itself (400, 413, 500, 503), built once at start-up
/// with the configuration's default headers and `Connection: close`.
///
/// They all close the connection: each answers a request whose body was not read, a
/// failure, or a draining server, after which the connection's state is not worth keeping.
struct ServerResponses: Sendable {
    let badRequest: HTTPResponse
    let contentTooLarge: HTTPResponse
    let internalServerError: HTTPResponse
    let serviceUnavailable: HTTPResponse
    /// A forwarded client over its share of open requests.
    let tooManyRequests: HTTPResponse
    /// A complete HTTP/1.1 413 response as bytes, for writing straight to the socket
    /// when a chunked body passes the limit while MHD is reading it.
    let rawContentTooLarge: [UInt8]
    /// The same for a body still arriving after its time limit (408).
    let rawRequestTimeout: [UInt8]
    /// The same for a body the spool has no more room for (503).
    let rawServiceUnavailable: [UInt8]

    init(defaultHeaders: [(String, String)], errorPages: [Int: [UInt8]] = [:]) {
        // Only fields MHD would accept: the raw 413 must not carry what MHD refuses.
        let usable = defaultHeaders.filter { Self.isValidField(name: $0.0, value: $0.1) }
        func make(_ status: HTTPStatus) -> HTTPResponse {
            var headers = HTTPHeaders(usable)
            headers.set("Connection", "close")
            if let page = errorPages[status.code] {
                headers.set("Content-Type", "text/html; charset=utf-8")
                return HTTPResponse(status: status, headers: headers, body: .bytes(page))
            }
            headers.set("Content-Type", "text/plain; charset=utf-8")
            return HTTPResponse(status: status, headers: headers, body: .bytes(Array("\(status.reasonPhrase)\n".utf8)))
        }
        badRequest = make(.badRequest)
        contentTooLarge = make(.contentTooLarge)
        internalServerError = make(.internalServerError)
        serviceUnavailable = make(.serviceUnavailable)
        tooManyRequests = make(.tooManyRequests)
        rawContentTooLarge = Self.raw(contentTooLarge)
        rawRequestTimeout = Self.raw(make(.requestTimeout))
        rawServiceUnavailable = Self.raw(serviceUnavailable)
    }

    /// `response` as the bytes of a complete HTTP/1.1 response.
    private static func raw(_ response: HTTPResponse) -> [UInt8] {
        var head = "HTTP/1.1 \(response.status.code) \(response.status.reasonPhrase)\r\n"
        for (name, value) in response.headers {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(response.body.count)\r\n\r\n"
        if case .bytes(let body) = response.body { return Array(head.utf8) + body }
        return Array(head.utf8)
    }

    func response(for status: HTTPStatus) -> HTTPResponse {
        switch status {
        case .badRequest: badRequest
        case .contentTooLarge: contentTooLarge
        case .serviceUnavailable: serviceUnavailable
        default: internalServerError
        }
    }

    /// A header field MHD accepts: a non-empty name without whitespace, CR, LF or colon
    /// and a non-empty value without CR or LF.
    static func isValidField(name: String, value: String) -> Bool {
        let forbiddenInName: Set<UInt8> = [9, 10, 13, 32, UInt8(ascii: ":"), 0]
        return !name.isEmpty && !value.isEmpty
            && !name.utf8.contains(where: forbiddenInName.contains)
            && !value.utf8.contains(where: { $0 == 10 || $0 == 13 || $0 == 0 })
    }
}
