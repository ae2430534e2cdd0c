package import ATProto
package import CurlHTTPClient
package import GrainSupport

/// A `PDSAuthorizer` that sends one access token as `Authorization: Bearer` and takes
/// every answer as it is (no refresh): for tests of the PDS edge itself, where the
/// session's renewal is not what is being tested.
package struct FixedBearerAuthorizer: PDSAuthorizer {
    package let token: Secret

    package init(_ token: Secret) {
        self.token = token
    }

    package func headers(for request: PDSRequest) async throws(PDSCallFailure) -> HTTPHeaders {
        HTTPHeaders([("Authorization", "Bearer " + token.revealed)])
    }

    package func decide(_ answer: XRPCAnswer, to request: PDSRequest, sent: HTTPHeaders, attempt: PDSAttempt) async -> PDSAuthorizerDecision {
        .accept
    }

    package func refresh(replacing sent: HTTPHeaders) async throws(PDSCallFailure) {}
}
