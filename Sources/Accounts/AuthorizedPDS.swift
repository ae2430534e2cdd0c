package import ATProto

/// Runs PDS calls for a signed-in account: each account's connection is bound to the
/// account's authorizer. An OAuth session's is its `OAuthAuthorizer` (see there); an app
/// password's is its `AppPasswordAuthorizer`, which sends the access token and, when the PDS
/// says it has expired, refreshes the session once (one refresh per session at a time),
/// checks the account's identity again as at sign-in, stores the new tokens and has the
/// call sent again; when the refresh is refused the session has been revoked and the
/// person is signed out.
///
/// The identity check at refresh: a document that names another PDS (the account moved,
/// or never lived there) or no longer exists ends the session; while the directory
/// cannot be reached the refresh waits (`.identity`, to be retried), since signing
/// everyone out during a PLC outage would lose nothing an attacker could gain. A handle
/// that no longer checks out both ways is dropped (the account is shown by its DID)
/// rather than ending the session.
package struct AuthorizedPDS: Sendable {
    package let sessions: SessionStore
    /// How PDSes are reached: over HTTP in production, in memory in some tests.
    package let connector: any PDSConnector
    /// Checks refreshed sessions against the account's identity.
    package let verifier: any AccountVerifying
    /// Sessions signed in with OAuth act through this; nil when OAuth is off.
    package let oauth: OAuthSessions?
    /// Shared by every account's authorizer, so refreshes of one session never overlap.
    private let refresher = AppPasswordAuthorizer.Refresher()

    package init(sessions: SessionStore, connector: any PDSConnector, verifier: any AccountVerifying, oauth: OAuthSessions? = nil) {
        self.sessions = sessions
        self.connector = connector
        self.verifier = verifier
        self.oauth = oauth
    }

    /// Why a call for an account failed, with the PDS's answer (or lack of one) inside:
    /// `.signedOut` (sign in again), `.pds`, `.identity` (the account's identity could
    /// not be checked at a refresh just now: try again later) or `.local` (storing
    /// refreshed tokens, or the caller's own work in `perform`'s body, failed).
    package typealias Failure = PDSCallFailure

    /// A connection to the account's PDS whose calls carry the account's session.
    package func client(for account: AccountSession) -> any PDSConnection {
        connector.connection(to: account.pdsURL, authorizer: authorizer(for: account))
    }

    /// A connection to the PDS at `url` without credentials (public reads, sign-in).
    package func client(forPDS url: String) -> any PDSConnection {
        connector.connection(to: url)
    }

    /// The account's session as a `PDSAuthorizer`: its app password's tokens, or its
    /// OAuth grant (DPoP-bound, with the session's own key).
    package func authorizer(for account: AccountSession) -> any PDSAuthorizer {
        switch account.kind {
        case .appPassword:
            AppPasswordAuthorizer(account: account, sessions: sessions, verifier: verifier, pds: client(forPDS: account.pdsURL), refresher: refresher)
        case .oauth:
            oauth?.authorizer(sessionKey: account.idHash, sessions: sessions) ?? EndedSessionAuthorizer()
        }
    }

    /// Ends the account's session where it was granted (best effort; signing out): the
    /// app password's session on the PDS, or the OAuth tokens revoked at the
    /// authorization server and the grant's file removed.
    package func endSession(_ account: AccountSession) async {
        switch account.kind {
        case .appPassword:
            await AppPasswordAuthorizer(
                account: account, sessions: sessions, verifier: verifier, pds: client(forPDS: account.pdsURL), refresher: refresher
            ).endSession()
        case .oauth:
            await oauth?.authorizer(sessionKey: account.idHash, sessions: sessions).endSession()
        }
    }

    /// Calls `body` with the account's connection (whose calls refresh the session once
    /// if it has expired). `body` throws untyped: the compiler does not infer typed
    /// throws for closure literals, so callers' closures would all need annotations;
    /// the type is recovered right here, anything not the PDS's staying `.local`.
    package func perform<Value: Sendable>(
        _ account: AccountSession, _ body: @Sendable (any PDSConnection) async throws -> Value
    ) async throws(Failure) -> Value {
        do {
            return try await body(client(for: account))
        } catch let failure as Failure {
            throw failure
        } catch let error as XRPCError {
            throw .pds(error)
        } catch {
            throw .local(error)
        }
    }
}
