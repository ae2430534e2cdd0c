package import CurlHTTPClient

/// A failed XRPC call: no answer at all, an error answer (`{"error", "message"}`; Grain's
/// AppView sends only `error`), or an answer that did not decode.
///
/// Each case keeps the lower layer's error as a value, so the one boundary that logs
/// (`ErrorResponder`) can print the whole chain and callers decide on facts (a status,
/// an error name, a timeout) instead of matching text. An error answer keeps its header
/// fields too: what a server asks of the client (`WWW-Authenticate`, a DPoP nonce)
/// travels there, and a `PDSAuthorizer` decides on it.
package enum XRPCError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request got no answer: refused before sending, or failed in transit.
    case transport(OutboundError)
    /// The server answered with a non-2xx status and maybe an XRPC error name and message,
    /// with the answer's header fields (none when a test or a fake builds one by hand).
    case remote(status: Int, error: String?, message: String?, headers: HTTPHeaders = HTTPHeaders())
    /// The answer was 2xx but not the expected JSON.
    case undecodable(DecodingProblem)
    /// The request body could not be encoded (a bug in a record type, never the server's fault).
    case unencodable(DecodingProblem)

    /// `xrpc transport: timed out (curl 28): …`, `HTTP 400 InvalidRecord: …`. The remote
    /// form is the one the posting pages have always shown, so it carries no prefix.
    package var description: String {
        switch self {
        case .transport(let error): "xrpc transport: \(error)"
        case .remote(let status, let error, let message, _):
            "HTTP \(status)" + (error.map { " \($0)" } ?? "") + (message.map { ": \($0)" } ?? "")
        case .undecodable(let problem): "unreadable answer: \(problem)"
        case .unencodable(let problem): "xrpc request not encodable: \(problem)"
        }
    }

    /// The XRPC error name, when the server gave one.
    package var errorName: String? {
        if case .remote(_, let error, _, _) = self { return error }
        return nil
    }

    /// The HTTP status, when the server answered at all.
    package var status: Int? {
        if case .remote(let status, _, _, _) = self { return status }
        return nil
    }

    /// The answer's header fields, when the server answered at all.
    package var headers: HTTPHeaders? {
        if case .remote(_, _, _, let headers) = self { return headers }
        return nil
    }

    /// Worth retrying later: no answer, a timeout, or a 5xx / 429.
    package var isTransient: Bool {
        switch self {
        case .transport(let error): error.isTransient
        case .remote(let status, _, _, _): status >= 500 || status == 429 || status == 408
        case .undecodable, .unencodable: false
        }
    }

    /// Equal when the failures mean the same: the header fields of an error answer are
    /// left out, since they differ between two answers that say the same thing (a date,
    /// a length, a server's name) and between the HTTP and in-memory PDS edges.
    package static func == (lhs: XRPCError, rhs: XRPCError) -> Bool {
        switch (lhs, rhs) {
        case (.transport(let a), .transport(let b)): a == b
        case (.remote(let status, let error, let message, _), .remote(let otherStatus, let otherError, let otherMessage, _)):
            status == otherStatus && error == otherError && message == otherMessage
        case (.undecodable(let a), .undecodable(let b)), (.unencodable(let a), .unencodable(let b)): a == b
        case (.transport, _), (.remote, _), (.undecodable, _), (.unencodable, _): false
        }
    }
}
