package import CurlHTTPClient

/// The authorizer of a connection without a session: it adds no credentials and takes
/// every answer as it is. Public reads (`listRecords`, `getRecord` of a public record)
/// and creating an app-password session go this way.
package struct AnonymousAuthorizer: PDSAuthorizer {
    package init() {}

    package func headers(for request: PDSRequest) async throws(PDSCallFailure) -> HTTPHeaders { HTTPHeaders() }

    package func decide(_ answer: XRPCAnswer, to request: PDSRequest, sent: HTTPHeaders, attempt: PDSAttempt) async -> PDSAuthorizerDecision {
        .accept
    }

    /// Never asked (it never decides to refresh); there is nothing to renew.
    package func refresh(replacing sent: HTTPHeaders) async throws(PDSCallFailure) {}
}
