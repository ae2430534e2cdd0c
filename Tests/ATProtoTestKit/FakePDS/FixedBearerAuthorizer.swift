public import ATProto
public import CurlHTTPClient
public import GrainSupport

/// A `PDSAuthorizer` that sends one access token as `Authorization: Bearer` and takes
/// every answer as it is (no refresh): for tests of the PDS edge itself, where the
/// session's renewal is not what is being tested.
public struct FixedBearerAuthorizer: PDSAuthorizer {
    public let token: Secret

    public init(_ token: Secret) {
        self.token = token
    }

    public func headers(for request: PDSRequest) async throws(PDSCallFailure) -> HTTPHeaders {
        HTTPHeaders([("Authorization", "Bearer " + token.revealed)])
    }

    public func decide(_ answer: XRPCAnswer, to request: PDSRequest, sent: HTTPHeaders, attempt: PDSAttempt) async -> PDSAuthorizerDecision {
        .accept
    }

    public func refresh(replacing sent: HTTPHeaders) async throws(PDSCallFailure) {}
}
