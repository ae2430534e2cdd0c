/// A failed XRPC call: no answer at all, an error answer (`{"error", "message"}`; Grain's
/// AppView sends only `error`), or an answer that did not decode.
public enum XRPCError: Error, Sendable, CustomStringConvertible {
    case unreachable(OutboundError)
    /// The server answered with a non-2xx status and maybe an XRPC error name and message.
    case failed(status: Int, error: String?, message: String?)
    case undecodable(String)

    public var description: String {
        switch self {
        case .unreachable(let error): "unreachable: \(error)"
        case .failed(let status, let error, let message):
            "HTTP \(status)" + (error.map { " \($0)" } ?? "") + (message.map { ": \($0)" } ?? "")
        case .undecodable(let detail): "unreadable answer: \(detail)"
        }
    }

    /// The XRPC error name, when the server gave one.
    public var errorName: String? {
        if case .failed(_, let error, _) = self { return error }
        return nil
    }

    public var status: Int? {
        if case .failed(let status, _, _) = self { return status }
        return nil
    }

    /// Worth retrying later: no answer, a timeout, or a 5xx / 429.
    public var isTransient: Bool {
        switch self {
        case .unreachable(.refusedURL): false
        case .unreachable: true
        case .failed(let status, _, _): status >= 500 || status == 429 || status == 408
        case .undecodable: false
        }
    }
}
