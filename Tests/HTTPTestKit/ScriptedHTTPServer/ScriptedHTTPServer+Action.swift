extension ScriptedHTTPServer {
    /// What the server does with one request. Faults are first-class so that clients'
    /// error paths can be tested deterministically.
    package indirect enum Action: Sendable {
        /// Sends a well-formed response.
        case respond(Response)
        /// Waits, then performs the action (the wait ends early if the server stops).
        case delayed(milliseconds: Int, Action)
        /// Waits until `gate` opens, then performs the action (the wait ends early if the
        /// server stops or the connection idles past its limit).
        case held(ScriptedGate, Action)
        /// Sends the status line and headers (with the body's `Content-Length`), then
        /// sends nothing more until the client hangs up or the server stops.
        case headersThenStall(Response)
        /// Sends nothing until the client hangs up or the server stops.
        case stall
        /// Sends these bytes verbatim, then closes the connection.
        case raw([UInt8])
        /// Sends the headers and the first `sentBytes` of the body, then closes.
        case closeMidBody(Response, sentBytes: Int)
        /// Closes the connection without answering.
        case close
    }

    /// What to do with a request once its head has arrived, before its body is read.
    package enum HeadDecision: Sendable {
        /// Read the body and ask the handler as usual.
        case proceed
        /// Read at most this many bytes of the body, then close the connection without
        /// answering: the client sees its upload cut off mid-way.
        case closeAfterReadingBody(bytes: Int)
    }

    /// A response for `.respond` and the fault actions that start like one.
    package struct Response: Sendable {
        /// Where the body comes from; `repeating` streams without holding it in memory.
        package enum Payload: Sendable {
            case bytes([UInt8])
            case repeating(UInt8, count: Int)

            var count: Int {
                switch self {
                case .bytes(let bytes): bytes.count
                case .repeating(_, let count): count
                }
            }
        }

        package var status: Int
        package var headers: [(String, String)]
        package var payload: Payload
        /// Sends the body with chunked transfer coding instead of `Content-Length`.
        package var chunked: Bool
        /// Adds `Connection: close` and closes the connection after the response.
        package var closeConnection: Bool

        package init(
            status: Int = 200,
            headers: [(String, String)] = [],
            payload: Payload = .bytes([]),
            chunked: Bool = false,
            closeConnection: Bool = false
        ) {
            self.status = status
            self.headers = headers
            self.payload = payload
            self.chunked = chunked
            self.closeConnection = closeConnection
        }

        /// A 200 (or `status`) response with a UTF-8 text body.
        package static func text(_ text: String, status: Int = 200) -> Response {
            Response(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], payload: .bytes(Array(text.utf8)))
        }

        /// A redirect to `location`.
        package static func redirect(to location: String, status: Int = 302) -> Response {
            Response(status: status, headers: [("Location", location)])
        }
    }
}
