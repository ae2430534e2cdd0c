package import CurlHTTPClient

/// The credentials of one PDS connection: it signs each request and judges each answer.
/// A `PDSConnection` is bound to one; the connection never writes `Authorization`
/// itself, so how a session authenticates (an app password's bearer token today, OAuth
/// with DPoP proofs later) lives here and nowhere else.
///
/// For every call the connection asks `headers(for:)` and sends the request with them,
/// then hands the whole answer (status, headers, body) to `decide`, which may also keep
/// what the answer carries (a DPoP server's next nonce comes on successes too). The
/// connection then does what the decision says, and sends a request again at most once
/// per reason (once after `.retry`, once after `.refreshAndRetry`), so no answer can make
/// it loop; a decision whose retry is spent hands the answer to the caller as it is.
package protocol PDSAuthorizer: Sendable {
    /// The header fields that authorize `request` with the credentials as they are now
    /// (`Authorization: Bearer …`, or `Authorization: DPoP …` with a `DPoP` proof
    /// signed for its method, URL and the latest nonce). Asked again before a retry.
    func headers(for request: PDSRequest) async throws(PDSCallFailure) -> HTTPHeaders

    /// What to do about `answer`, the PDS's answer to `request` sent with `sent` (the
    /// fields `headers(for:)` gave). `attempt` says which retries this request has had.
    func decide(_ answer: XRPCAnswer, to request: PDSRequest, sent: HTTPHeaders, attempt: PDSAttempt) async -> PDSAuthorizerDecision

    /// Renews the credentials after the PDS refused the ones in `sent` (one renewal per
    /// session at a time; when another call has renewed them since, nothing more is
    /// needed). Throws `.signedOut` when the session cannot be renewed at all.
    func refresh(replacing sent: HTTPHeaders) async throws(PDSCallFailure)
}
