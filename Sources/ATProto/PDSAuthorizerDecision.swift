/// What a `PDSAuthorizer` makes of one answer.
package enum PDSAuthorizerDecision: Sendable, Equatable {
    /// Hand the answer to the caller as it is: its value, or its error as `.pds`.
    case accept
    /// The authorizer has new state for this request (a DPoP nonce the PDS asked for):
    /// send it again with fresh headers, once.
    case retry
    /// The credentials have expired: renew them (`refresh`), then send again, once.
    case refreshAndRetry
    /// The PDS no longer accepts this session: fail with `.signedOut`.
    case signedOut
}
