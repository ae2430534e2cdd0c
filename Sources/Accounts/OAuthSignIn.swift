package import ATProto
package import FoundationEssentials
package import GrainSupport
package import OAuthClient

/// Signing in with AT Protocol OAuth, in two requests of the person's browser: `begin`
/// resolves what they typed (a handle, a DID or a server name), pushes the
/// authorization request and gives the authorization server's address to send them
/// to; `complete` takes the callback, checks it came back to the browser that started
/// it, exchanges the code (`OAuthClient` checks `state`, `iss` and `sub`), then checks
/// the account as an app-password sign-in is checked: the grant's tokens must work at
/// the PDS the account's own identity names, and the handle must check out both ways.
///
/// Decisions: starting a sign-in costs this server outgoing requests and a place in the
/// table of sign-ins in progress, so each client network (an IPv4 address or an IPv6
/// /64, `ClientNetwork`) may start `startsPerWindow` per ten minutes and everyone
/// together `totalStartsPerWindow`, fewer than the table holds; a sign-in lives ten
/// minutes, and a flood evicts only its own (`PendingOAuthSignIns`).
///
/// A sign-in is bound to the browser that started it by `browser`, a value the web
/// layer derives from a cookie it set for this sign-in together with what already ties
/// the browser to this server (its session, or its form cookie), so a sign-in cookie
/// carried into another browser does not finish the sign-in there.
package struct OAuthSignIn: Sendable {
    /// A finished sign-in, ready to become a session.
    package struct Completed: Sendable {
        package var grant: OAuthGrant
        package var handle: Handle?
        package var displayName: String?
        /// Where the person was when they started.
        package var next: String?
    }

    let oauth: OAuthSessions
    let pending: PendingOAuthSignIns
    let identity: any IdentityResolving
    let connector: any PDSConnector
    let starts: AttemptLimiter
    let allStarts: AttemptLimiter
    let logger: Logger

    package init(
        oauth: OAuthSessions, pending: PendingOAuthSignIns = PendingOAuthSignIns(), identity: any IdentityResolving,
        connector: any PDSConnector, startsPerWindow: Int = 20, totalStartsPerWindow: Int = 1000, logger: Logger,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.oauth = oauth
        self.pending = pending
        self.identity = identity
        self.connector = connector
        starts = AttemptLimiter(limit: startsPerWindow, window: 600, now: now)
        allStarts = AttemptLimiter(limit: totalStartsPerWindow, window: 600, maxKeys: 1, now: now)
        self.logger = logger
    }

    /// Starts signing in `input` for `browser` (its binding, see the type's note), coming
    /// back to `next`: gives the URL to send the browser to.
    package func begin(_ input: String, browser: String, next: String?, client address: String) async throws(SignInFailure) -> String {
        let typed = input.trimmingWhitespaceAndNewlines()
        guard !typed.isEmpty, typed.utf8.count <= 253 else { throw .missingFields }
        let network = ClientNetwork.key(for: address)
        guard await starts.take("oauth-start \(network)") else { throw .tooManyStarts }
        guard await allStarts.take("oauth-start") else { throw .tooManyStartsEverywhere }
        let started: (pending: PendingAuthorization, redirectURL: String)
        do {
            started = try await oauth.client.beginAuthorization(typed)
        } catch {
            logger.info("oauth sign-in not started", ["reason": error.description])
            throw .oauth(error)
        }
        await pending.add(
            .init(authorization: started.pending, browser: browser, network: network, next: next, startedAt: started.pending.createdAt))
        return started.redirectURL
    }

    /// Finishes the sign-in the callback belongs to, for `browser`.
    package func complete(_ callback: OAuthCallback, browser: String) async throws(SignInFailure) -> Completed {
        guard let state = callback.state, let entry = await pending.take(state: state, browser: browser) else {
            throw .foreignOrExpiredCallback
        }
        let grant: OAuthGrant
        do {
            grant = try await oauth.client.completeAuthorization(entry.authorization, callback: callback)
        } catch {
            logger.warning("oauth sign-in refused", ["reason": error.description])
            throw .oauth(error)
        }
        do throws(SignInFailure) {
            let handle = try await verifiedHandle(of: grant, typed: entry.authorization)
            // A profile record is public: read without credentials.
            let profile = try? await connector.connection(to: grant.pdsURL).getRecord(
                repo: grant.did, collection: .blueskyProfile, rkey: .profileSelf, as: BlueskyProfileRecord.self)
            return Completed(grant: grant, handle: handle, displayName: profile?.value.displayName, next: entry.next)
        } catch {
            await oauth.client.revoke(grant)
            logger.warning("oauth sign-in refused", ["did": grant.did.rawValue, "reason": error.description])
            throw error
        }
    }

    /// The account's handle checked both ways against its identity on the grant's PDS:
    /// the one typed when it resolved to this account, else the one its document claims.
    private func verifiedHandle(of grant: OAuthGrant, typed: PendingAuthorization) async throws(SignInFailure) -> Handle? {
        var candidate: Handle?
        if typed.expectedDID == grant.did, let hint = typed.loginHint, !hint.hasPrefix("did:") { candidate = Handle(hint) }
        if candidate == nil { candidate = await identity.claimedHandle(of: grant.did) }
        do {
            return try await identity.verify(did: grant.did, handle: candidate, pdsURL: grant.pdsURL).handle
        } catch {
            // A handle that does not check out is dropped (shown by DID), as at refresh;
            // a PDS the identity does not name ends the sign-in.
            if case .handleMismatch = error { return nil }
            throw .identity(error)
        }
    }
}
