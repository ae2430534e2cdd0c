import GrainSupport

/// The fake PDS's session JWTs, shaped like the reference PDS's: HS256 over
/// `header.payload`, header `typ` `at+jwt` (access) or `refresh+jwt`, payload with
/// `scope`, `sub` (the account DID), `aud` (the service DID), `iat` and `exp` (seconds),
/// and a `jti` (on refresh tokens the session's id, checked against the session table;
/// on access tokens a random id, so two tokens issued in the same second still differ).
struct SessionToken: Sendable, Equatable {
    enum Scope: String, Sendable {
        case access = "com.atproto.access"
        case appPassword = "com.atproto.appPass"
        case refresh = "com.atproto.refresh"
    }

    var scope: String
    var subject: String
    var audience: String
    var issuedAt: Int64
    var expiresAt: Int64
    var tokenID: String?

    /// The signed compact JWT.
    func signed(with key: [UInt8]) -> String {
        let type = scope == Scope.refresh.rawValue ? "refresh+jwt" : "at+jwt"
        let header: JSONValue = ["typ": .string(type), "alg": "HS256"]
        var claims: [String: JSONValue] = [
            "scope": .string(scope), "sub": .string(subject), "aud": .string(audience),
            "iat": .integer(issuedAt), "exp": .integer(expiresAt),
        ]
        if let tokenID { claims["jti"] = .string(tokenID) }
        let signingInput = Base64URL.encode(header.serialized) + "." + Base64URL.encode(JSONValue.object(claims).serialized)
        return signingInput + "." + Base64URL.encode(HMAC.sha256(key: key, message: Array(signingInput.utf8)))
    }

    /// The claims of a token signed with `key`; nil if it is not a three-part JWT, its
    /// signature does not match, or a claim is missing or mistyped (the reference answers
    /// all of these with `InvalidToken`). Expiry is the caller's check.
    static func verified(_ token: String, key: [UInt8]) -> SessionToken? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let signature = Base64URL.decode(parts[2]),
            HMAC.constantTimeEqual(signature, HMAC.sha256(key: key, message: Array((parts[0] + "." + parts[1]).utf8))),
            let header = Base64URL.decode(parts[0]).flatMap({ try? JSONValue(parsing: $0) }),
            header["alg"] == "HS256",
            let payload = Base64URL.decode(parts[1]).flatMap({ try? JSONValue(parsing: $0) }),
            let scope = payload["scope"]?.stringValue, let subject = payload["sub"]?.stringValue,
            let audience = payload["aud"]?.stringValue,
            let issuedAt = payload["iat"]?.integerValue, let expiresAt = payload["exp"]?.integerValue
        else { return nil }
        return SessionToken(
            scope: scope, subject: subject, audience: audience, issuedAt: issuedAt, expiresAt: expiresAt,
            tokenID: payload["jti"]?.stringValue)
    }
}
