package import ATProto

/// Grain could not be asked, or answered something unusable.
///
/// Carries the `XRPCError` (and through it the `OutboundError` and the transport's
/// `HTTPClientError`) as a value, so the error boundary logs the whole chain, for
/// example `appview unavailable: xrpc transport: timed out (curl 28): …`, while the
/// page shows only `publicMessage`.
package enum StoryLibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The AppView call failed; the cause says how.
    case unavailable(XRPCError)

    /// The AppView's own error.
    package var cause: XRPCError {
        switch self {
        case .unavailable(let error): error
        }
    }

    package var description: String {
        switch self {
        case .unavailable(let error): "appview unavailable: \(error)"
        }
    }

    package var publicMessage: String { "Grain could not be reached just now, so these stories cannot be shown. Please try again in a minute." }
}
