package import CurlHTTPClient

/// Why an outgoing request did not produce a response.
///
/// Keeps the transport's `HTTPClientError` (code, libcurl code, message) as a value; it
/// holds no URL, header or body, so printing it cannot leak a token.
package enum OutboundError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL is not one this server fetches (scheme, credentials, non-listed http host).
    case refusedURL
    case transport(HTTPClientError)
    /// Not sent: the host failed several times in a row and is being left alone for a
    /// while (`CircuitBreaker`).
    case upstreamDown(host: String)

    /// `timed out (curl 28): Operation timed out after 5001 milliseconds …`.
    package var description: String {
        switch self {
        case .refusedURL: "refused to fetch that URL (only https, or http to a listed insecure host)"
        case .upstreamDown(let host): "not sent: \(host) failed repeatedly and is left alone for a while"
        case .transport(let error):
            error.code.summary + (error.curlCode.map { " (curl \($0))" } ?? "") + (error.message.isEmpty ? "" : ": \(error.message)")
        }
    }

    /// The transport's reason, nil for a URL refused before sending.
    package var code: HTTPClientError.Code? {
        if case .transport(let error) = self { return error.code }
        return nil
    }

    /// Whether the transfer ran out of time (as opposed to not connecting at all).
    package var isTimeout: Bool { code == .timedOut }

    /// Worth trying again later: anything that went wrong in transit. A refused URL
    /// will be refused again.
    package var isTransient: Bool {
        if case .refusedURL = self { return false }
        return true
    }
}
