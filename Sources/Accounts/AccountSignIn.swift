package import ATProto
package import FoundationEssentials
package import GrainSupport

/// Signing in with an app password, as the accounts domain sees it: the identifier is
/// located (handle → DID → PDS) before any password is sent, the password goes to that
/// PDS only (`createSession`), and the session it issues is used only once the account's
/// own identity vouches for that PDS and handle (`AccountVerifying`).
///
/// Wrong passwords are limited per account and client address (`AttemptLimiter`),
/// checked under the name as typed and, once resolved, under the DID, so writing a
/// handle differently gives no extra guesses; everyone else on the same network signs
/// in as usual.
///
/// Accounts the identity directory does not know cost it a call each, which no cache
/// saves when every DID is made up: each client network (an IPv4 address or an IPv6
/// /64) may try `unknownAccountsPerWindow` of them in ten minutes (a DID the directory
/// answers 404 for, whether or not a trusted PDS then speaks for it), and is then told
/// to wait before anything is looked up.
package struct AccountSignIn: Sendable {
    /// A verified session, ready to be stored.
    package struct SignedIn: Sendable {
        package var tokens: PDSSession
        package var pdsURL: String
        package var displayName: String?
    }

    let identity: any IdentityResolving
    let pds: AuthorizedPDS
    let limiter: AttemptLimiter
    let unknownAccounts: AttemptLimiter
    let logger: Logger

    package init(
        identity: any IdentityResolving, pds: AuthorizedPDS, limiter: AttemptLimiter, unknownAccountsPerWindow: Int = 10, logger: Logger,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.identity = identity
        self.pds = pds
        self.limiter = limiter
        unknownAccounts = AttemptLimiter(limit: unknownAccountsPerWindow, window: 600, now: now)
        self.logger = logger
    }

    /// Signs in `identifier` (a handle or DID) with `password`, from `address`.
    package func signIn(identifier: String, password: Secret, pds override: String?, client address: String) async throws(SignInFailure) -> SignedIn {
        var keys = [AttemptLimiter.key(client: address, account: identifier)]
        guard await !limiter.isLimited(keys[0]) else { throw .tooManyAttempts }
        let unknownKey = "unknown-account \(ClientNetwork.key(for: address))"
        guard await !unknownAccounts.isLimited(unknownKey) else { throw .tooManyUnknownAccounts }
        let located: LocatedAccount
        do throws(IdentityError) {
            located = try await identity.locate(identifier: identifier, pdsOverride: override)
        } catch {
            if case .didNotFound = error { await unknownAccounts.recordFailure(unknownKey) }
            throw .identity(error)
        }
        if located.vouchedForByOperator { await unknownAccounts.recordFailure(unknownKey) }
        if let did = located.did, did.rawValue.lowercased() != identifier.lowercased() {
            keys.append(AttemptLimiter.key(client: address, account: did.rawValue))
            guard await !limiter.isLimited(keys[1]) else { throw .tooManyAttempts }
        }
        let client = pds.client(forPDS: located.pdsURL)
        let tokens: PDSSession
        do {
            tokens = try await client.createSession(identifier: identifier, password: password)
        } catch {
            let failure = SignInFailure.forCreateSession(error, host: URL(string: located.pdsURL)?.host ?? located.pdsURL)
            if failure == .wrongPassword || failure == .secondFactorRequired {
                for key in keys { await limiter.recordFailure(key) }
            }
            throw failure
        }
        for key in keys + [AttemptLimiter.key(client: address, account: tokens.did.rawValue)] { await limiter.recordSuccess(key) }
        var verified = tokens
        do throws(SignInFailure) {
            if let expected = located.did, expected != tokens.did { throw .differentAccount }
            verified.handle = try await verify(tokens, on: located.pdsURL)
        } catch {
            // The PDS issued a session this server will not use: end it there too.
            try? await client.deleteSession(tokens.refreshToken)
            logger.warning("sign-in refused", ["did": tokens.did.rawValue, "pds": located.pdsURL, "reason": error.userMessage])
            throw error
        }
        // A profile record is public: read without credentials (the session is not stored yet).
        let profile = try? await client.getRecord(repo: tokens.did, collection: .blueskyProfile, rkey: .profileSelf, as: BlueskyProfileRecord.self)
        return SignedIn(tokens: verified, pdsURL: located.pdsURL, displayName: profile?.value.displayName)
    }

    /// The PDS only vouches for itself: the account's own identity must name it, and the
    /// handle it reports must be the account's (checked both ways). Returns that handle.
    private func verify(_ tokens: PDSSession, on pdsURL: String) async throws(SignInFailure) -> Handle? {
        do {
            return try await identity.verify(did: tokens.did, handle: tokens.handle, pdsURL: pdsURL).handle
        } catch {
            throw .identity(error)
        }
    }
}
