import Foundation

/// `com.atproto.server.*` and bearer-token checks, as the reference PDS answers them:
///
/// - no `Authorization: Bearer` → 401 `AuthMissing` "Authentication Required";
/// - a token that is not ours (bad signature, not a JWT) → 400 `InvalidToken` "Token could not be verified";
/// - an expired token (by `exp`, or expired early by a test hook) → 400 `ExpiredToken` "Token has expired";
/// - a refresh token where an access token is wanted, or the reverse → 400 `InvalidToken` "Bad token scope";
/// - a refresh token that was rotated, deleted or revoked → 400 `ExpiredToken` "Token has been revoked";
/// - a wrong identifier or password → 401 `AuthenticationRequired` "Invalid identifier or password".
///
/// Access tokens are stateless, as on the reference: revoking sessions only stops their
/// refresh tokens; access tokens already issued work until they expire.
/// The reference lets a just-rotated refresh token be reused for a grace period; this
/// fake does not (a client that reuses one has a bug the fake should reveal).
extension FakePDSCore {
    struct Credentials {
        let did: String
        let token: SessionToken
        let raw: String
    }

    func describeServer() -> XRPCResponse {
        .json([
            "did": .string(configuration.serviceDID), "availableUserDomains": [".test"],
            "inviteCodeRequired": false, "links": [:], "contact": [:],
        ])
    }

    mutating func createSession(_ request: XRPCRequest, at now: Date) throws(XRPCFailure) -> XRPCResponse {
        let input = try XRPCInput(request)
        let identifier = try input.string("identifier")
        let password = try input.string("password")
        guard let account = account(identifier) ?? accounts.first(where: { $0.email != nil && $0.email == identifier }),
            account.password == password
        else { throw XRPCFailure(status: 401, name: "AuthenticationRequired", message: "Invalid identifier or password") }
        return .json(sessionOutput(account, tokens: issueTokens(for: account, at: now)))
    }

    mutating func refreshSession(_ request: XRPCRequest, at now: Date) throws(XRPCFailure) -> XRPCResponse {
        let credentials = try authenticate(request, scopes: [.refresh], at: now)
        guard let tokenID = credentials.token.tokenID, let session = sessions[tokenID], !session.revoked,
            let account = account(credentials.did)
        else { throw .invalidRequest("Token has been revoked", name: "ExpiredToken") }
        sessions[tokenID]?.revoked = true
        return .json(sessionOutput(account, tokens: issueTokens(for: account, at: now)))
    }

    mutating func getSession(_ request: XRPCRequest, at now: Date) throws(XRPCFailure) -> XRPCResponse {
        let credentials = try authenticate(request, scopes: [.access, .appPassword], at: now)
        guard let account = account(credentials.did) else {
            throw .invalidRequest("Could not find user info for account: \(credentials.did)")
        }
        return .json(sessionOutput(account, tokens: nil))
    }

    /// Revokes the presented refresh token; answers 200 with no body.
    mutating func deleteSession(_ request: XRPCRequest, at now: Date) throws(XRPCFailure) -> XRPCResponse {
        let credentials = try authenticate(request, scopes: [.refresh], at: now, allowExpired: true)
        if let tokenID = credentials.token.tokenID { sessions[tokenID]?.revoked = true }
        return XRPCResponse(status: 200)
    }

    /// Checks the bearer token against the reference's rules (see the type's comment).
    func authenticate(
        _ request: XRPCRequest, scopes: [SessionToken.Scope], at now: Date, allowExpired: Bool = false
    ) throws(XRPCFailure) -> Credentials {
        guard let raw = request.bearerToken else {
            throw XRPCFailure(status: 401, name: "AuthMissing", message: "Authentication Required")
        }
        guard let token = SessionToken.verified(raw, key: tokenKey) else {
            throw .invalidRequest("Token could not be verified", name: "InvalidToken")
        }
        if !allowExpired, token.expiresAt <= Int64(now.timeIntervalSince1970.rounded(.down)) || expiredAccessTokens.contains(raw) {
            throw .invalidRequest("Token has expired", name: "ExpiredToken")
        }
        guard token.subject.hasPrefix("did:") else { throw .invalidRequest("Malformed token", name: "InvalidToken") }
        guard scopes.map(\.rawValue).contains(token.scope) else {
            throw .invalidRequest("Bad token scope", name: "InvalidToken")
        }
        return Credentials(did: token.subject, token: token, raw: raw)
    }

    /// A new access token and a new refresh token (a new session id).
    mutating func issueTokens(for account: FakePDS.Account, at now: Date) -> (access: String, refresh: String) {
        let issuedAt = Int64(now.timeIntervalSince1970.rounded(.down))
        let tokenID = UUID().uuidString.lowercased()
        sessions[tokenID] = Session(did: account.did)
        let scope: SessionToken.Scope = account.isAppPassword ? .appPassword : .access
        let access = SessionToken(
            scope: scope.rawValue, subject: account.did, audience: configuration.serviceDID, issuedAt: issuedAt,
            expiresAt: issuedAt + configuration.accessTokenLifetime, tokenID: UUID().uuidString.lowercased()
        ).signed(with: tokenKey)
        let refresh = SessionToken(
            scope: SessionToken.Scope.refresh.rawValue, subject: account.did, audience: configuration.serviceDID,
            issuedAt: issuedAt, expiresAt: issuedAt + configuration.refreshTokenLifetime, tokenID: tokenID
        ).signed(with: tokenKey)
        issuedAccessTokens[access] = account.did
        return (access, refresh)
    }

    func sessionOutput(_ account: FakePDS.Account, tokens: (access: String, refresh: String)?) -> JSONValue {
        var output: [String: JSONValue] = [
            "did": .string(account.did), "handle": .string(account.handle), "didDoc": didDocument(account),
            "active": true,
        ]
        if let email = account.email {
            output["email"] = .string(email)
            output["emailConfirmed"] = true
        }
        if let tokens {
            output["accessJwt"] = .string(tokens.access)
            output["refreshJwt"] = .string(tokens.refresh)
        }
        return .object(output)
    }

    /// Test hook: every access token issued so far (to `did`, or to anyone) answers
    /// `ExpiredToken` from now on; new sessions and refreshed tokens are unaffected.
    package mutating func expireAccessTokens(of did: String? = nil) {
        for (token, owner) in issuedAccessTokens where did == nil || owner == did { expiredAccessTokens.insert(token) }
    }

    /// Test hook: marks one presented access token expired.
    package mutating func expireAccessToken(_ token: String) {
        expiredAccessTokens.insert(token)
    }

    /// Test hook: revokes every refresh token of `did` (as revoking an app password does).
    package mutating func revokeSessions(of did: String) {
        for (id, session) in sessions where session.did == did { sessions[id]?.revoked = true }
    }
}
