/// Which retries one request has had, for a `PDSAuthorizer`'s decision: a second
/// refusal after renewing the credentials means the session is over, not expired.
package struct PDSAttempt: Sendable, Equatable {
    /// Sent again already because the authorizer had new state (`.retry`).
    package var retried: Bool
    /// Sent again already after renewing the credentials (`.refreshAndRetry`).
    package var refreshed: Bool

    package init(retried: Bool = false, refreshed: Bool = false) {
        self.retried = retried
        self.refreshed = refreshed
    }

    /// The first sending.
    package static let first = PDSAttempt()
}
