import ATProto
import FoundationEssentials
import GrainSupport

/// A token endpoint's answer (RFC 6749 §5.1 with RFC 9449 and the AT Protocol's
/// `sub`), checked: DPoP-bound, naming a DID, with a scope that includes `atproto`.
struct TokenResponse: Decodable {
    var accessToken: String
    var tokenType: String
    var expiresIn: Int?
    var refreshToken: String?
    var scope: String?
    var sub: String?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case refreshToken = "refresh_token"
        case scope, sub
    }

    /// The checked answer in `body`: its subject, scope and lifetime.
    static func checked(_ body: [UInt8]) throws(OAuthError) -> (response: TokenResponse, did: DID, scope: OAuthScope) {
        guard let response = try? JSONDecoder().decode(TokenResponse.self, from: Data(body)) else {
            throw .invalidTokenResponse("unreadable JSON")
        }
        guard response.tokenType.lowercased() == "dpop" else { throw .invalidTokenResponse("token type \(response.tokenType), not DPoP") }
        guard !response.accessToken.isEmpty else { throw .invalidTokenResponse("empty access token") }
        guard let sub = response.sub, let did = DID(sub) else { throw .invalidTokenResponse("no DID in sub") }
        let scope = OAuthScope(response.scope ?? "")
        guard scope.contains("atproto") else { throw .invalidTokenResponse("scope without atproto") }
        return (response, did, scope)
    }

    /// When the access token expires: `expires_in` from `now`, at most 30 minutes
    /// (the specification's ceiling, so a server's promise cannot keep a token longer).
    func expiry(from now: Date) -> Date {
        now.addingTimeInterval(TimeInterval(min(max(expiresIn ?? 300, 0), 1800)))
    }
}
