package import ATProto
package import HTTPFields

/// The authorizer of a session that can no longer act: an OAuth session on a server
/// whose operator has since turned OAuth off. Every call says signed out, so the
/// person is asked to sign in again instead of seeing a failure.
package struct EndedSessionAuthorizer: PDSAuthorizer {
    package init() {}

    package func headers(for request: PDSRequest) async throws(PDSCallFailure) -> HTTPHeaders { throw .signedOut }

    package func decide(_ answer: XRPCAnswer, to request: PDSRequest, sent: HTTPHeaders, attempt: PDSAttempt) async -> PDSAuthorizerDecision {
        .signedOut
    }

    package func refresh(replacing sent: HTTPHeaders) async throws(PDSCallFailure) { throw .signedOut }
}
