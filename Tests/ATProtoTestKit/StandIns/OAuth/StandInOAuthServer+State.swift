import Foundation
import Synchronization

extension StandInOAuthServer {
    /// Everything the two servers remember, behind one lock.
    struct State {
        var accounts: [Account] = []
        var accessTokenLifetime = 1800
        var lies: Set<Lie> = []
        var authorizationNonce = StandInOAuthServer.random()
        var resourceNonce = StandInOAuthServer.random()
        var seenProofJTIs: Set<String> = []
        var seenAssertionJTIs: Set<String> = []
        var pushed: [String: PushedRequest] = [:]
        var codes: [String: IssuedCode] = [:]
        var refreshTokens: [String: RefreshToken] = [:]
        var accessTokens: [String: AccessToken] = [:]
        var revokedGrants: Set<String> = []
        var records: [CreatedRecord] = []
        /// What token responses grant instead of what was asked (`grantOnly(_:)`).
        var grantedScope: String?
        var log = Log()
    }

    /// A PAR, waiting for the browser.
    struct PushedRequest {
        var clientID: String
        var redirectURI: String
        var codeChallenge: String
        var state: String
        var scope: String
        var loginHint: String?
        var jkt: String
        var expiresAt: Date
    }

    /// An authorization code, usable once.
    struct IssuedCode {
        var request: PushedRequest
        var did: String
        var used = false
    }

    /// A refresh token; `grant` names the whole chain of rotations.
    struct RefreshToken {
        var grant: String
        var clientID: String
        var did: String
        var scope: String
        var jkt: String
        var used = false
    }

    /// An access token, bound to a DPoP key.
    struct AccessToken {
        var grant: String
        var did: String
        var scope: String
        var jkt: String
        var expiresAt: Date
    }
}
