/// Why a plain HTTP service (not XRPC) gave no usable answer: no response at all, or an
/// error status. A value, so callers keep it as a cause instead of printing it early.
package enum UpstreamFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request got no answer (refused URL, DNS, connect, timeout, …).
    case transport(OutboundError)
    /// The service answered with this (error) status.
    case status(Int)

    package var description: String {
        switch self {
        case .transport(let error): "transport: \(error)"
        case .status(let status): "HTTP \(status)"
        }
    }
}
