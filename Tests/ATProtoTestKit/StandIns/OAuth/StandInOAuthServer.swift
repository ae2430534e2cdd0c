import CurlHTTPClient
import Foundation
import MicroHTTPServer
import Synchronization

/// A stand-in AT Protocol authorization server together with a PDS as its resource
/// server, each on its own 127.0.0.1 port, written by the OAuth specification for the
/// tests (no package offers one that runs offline).
///
/// It checks everything the specification asks of a confidential client: PAR required;
/// PKCE S256; the client metadata document fetched from the `client_id` URL and the
/// client assertion checked against its JWKS (signature, `iss`/`sub`, `aud`, `exp`, `jti`
/// reuse); a DPoP proof on every request (signature, `typ`, `htm`, `htu`, `iat` window,
/// `jti` reuse, the server's nonce, demanded with `use_dpop_nonce` on the first try,
/// and `ath` plus the token's key binding at the PDS); single-use codes and rotating,
/// single-use refresh tokens; revocation. Departures from the specification, for tests
/// only: `http://127.0.0.1` client IDs and redirect URIs are accepted.
///
/// `lies` makes it misbehave, so the client's own checks can be tested.
///
/// With a `backend` (a `FakePDS`), the PDS side is a gateway in front of it: after every
/// check above, and the granted scope's check of writes and uploads, the XRPC call goes
/// on to the fake PDS with a bearer token of its own for the same account (see
/// `StandInOAuthServer+Gateway.swift`). Without one it answers only `getSession` and a
/// toy `createRecord`.
package final class StandInOAuthServer: Sendable {
    /// Ways to misbehave.
    package enum Lie: Sendable, Hashable {
        /// The authorization server metadata names this `issuer`.
        case metadataIssuer(String)
        /// The callback carries this `iss`.
        case callbackIssuer(String)
        /// Token responses name this `sub`, whoever signed in.
        case subject(String)
        /// Demands a nonce (`use_dpop_nonce`) without ever sending one.
        case withholdNonce
        /// Accepts a DPoP proof whose `jti` it has seen.
        case acceptReplayedProofs
        /// Accepts a client assertion whose `jti` it has seen.
        case acceptReplayedAssertions
        /// Accepts a refresh token that was already used.
        case acceptReusedRefreshTokens
        /// The callback carries `value` as its parameter `name` (`state`, `iss`, `code`,
        /// `error`…): another value, one added, or (nil) one left out.
        case callbackParameter(String, String?)
        /// Token responses (code exchanges and refreshes) carry `json`, a JSON value as
        /// text (`"\"Bearer\""`, `99999`), as their member `name` (`token_type`, `sub`,
        /// `scope`, `expires_in`, `refresh_token`, `access_token`…), or (nil) leave it out.
        case tokenMember(String, String?)
        /// Every answer of either server brings a new `DPoP-Nonce`, and only the newest is
        /// accepted from then on (servers may rotate nonces at any time).
        case newNonceEveryAnswer
        /// The PDS's protected-resource metadata names this authorization server instead.
        case protectedResourceServer(String)
    }

    /// An account this server signs in.
    package struct Account: Sendable, Equatable {
        package var did: String
        package var handle: String

        package init(did: String, handle: String) {
            self.did = did
            self.handle = handle
        }
    }

    /// A record created through the PDS.
    package struct CreatedRecord: Sendable, Equatable {
        package var did: String
        package var collection: String
        package var rkey: String
        package var json: String
    }

    let authorization: HTTPServer
    let resource: HTTPServer
    let state = Mutex(State())
    /// Fetches client metadata documents and JWKS (loopback allowed: the clients under
    /// test serve them on 127.0.0.1).
    let fetcher = HTTPClient(configuration: HTTPClientConfiguration(userAgent: "StandInOAuthServer"))
    /// The full PDS the resource server fronts, if any.
    let backend: FakePDS?
    /// Carries gateway calls to `backend`: its own client, since blobs may be larger than
    /// `fetcher` accepts (nil without a backend).
    let forwarder: HTTPClient?

    /// `http://127.0.0.1:<port>`: the authorization server's origin and `issuer`.
    package var issuer: String { "http://127.0.0.1:\(authorization.port)" }
    /// `http://127.0.0.1:<port>`: the PDS.
    package var pdsURL: String { "http://127.0.0.1:\(resource.port)" }

    /// Starts both servers, signing in `accounts` (the first unless the login hint
    /// names another). Access tokens last `accessTokenLifetime` seconds. With a
    /// `backend`, the PDS fronts it (see the type's comment); the caller decides where
    /// the accounts' identities say they live (`frontingFakePDS(accounts:)` publishes
    /// this server's `pdsURL`).
    package init(accounts: [Account], accessTokenLifetime: Int = 1800, backend: FakePDS? = nil) throws {
        self.backend = backend
        forwarder =
            backend == nil
            ? nil
            : HTTPClient(
                configuration: HTTPClientConfiguration(userAgent: "StandInOAuthServer gateway", totalTimeout: .seconds(60), maxResponseBytes: 256 << 20))
        let authorizationBox = ResponderBox()
        let resourceBox = ResponderBox()
        authorization = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threadCount: 2), responder: authorizationBox)
        resource = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threadCount: 2), responder: resourceBox)
        try authorization.start()
        try resource.start()
        state.withLock {
            $0.accounts = accounts
            $0.accessTokenLifetime = accessTokenLifetime
        }
        authorizationBox.set { [self] request in await self.respondAsAuthorizationServer(to: request) }
        resourceBox.set { [self] request in await self.respondAsPDS(to: request) }
    }

    package func stop() async {
        await authorization.shutdown(gracePeriod: .seconds(2))
        await resource.shutdown(gracePeriod: .seconds(2))
        await fetcher.shutdown()
        await forwarder?.shutdown()
    }

    /// Replaces the ways this server lies.
    package func setLies(_ lies: Set<Lie>) { state.withLock { $0.lies = lies } }

    /// New nonces at both servers: the next request with the old one gets `use_dpop_nonce`.
    package func rotateNonces() {
        state.withLock {
            $0.authorizationNonce = StandInOAuthServer.random()
            $0.resourceNonce = StandInOAuthServer.random()
        }
    }

    /// From now on, token responses (code exchanges and refreshes) grant `scope` instead
    /// of what was asked, and the tokens carry it: a user who unticked permissions, or a
    /// server that grants less. Nil grants what was asked again.
    package func grantOnly(_ scope: String?) { state.withLock { $0.grantedScope = scope } }

    /// Makes every access token issued so far expired.
    package func expireAccessTokens() {
        state.withLock { state in
            for token in state.accessTokens.keys { state.accessTokens[token]?.expiresAt = .distantPast }
        }
    }

    /// What happened so far, for assertions.
    package var log: Log { state.withLock { $0.log } }

    /// Records created through the PDS, in order.
    package var records: [CreatedRecord] { state.withLock { $0.records } }

    /// Whether `refreshToken` (or the grant it belongs to) was revoked.
    package func isRevoked(grantOf refreshToken: String) -> Bool {
        state.withLock { state in state.refreshTokens[refreshToken].map { state.revokedGrants.contains($0.grant) } ?? false }
    }

    /// Events the tests look at.
    package struct Log: Sendable, Equatable {
        /// Every DPoP proof `jti` that passed the signature check, in order.
        package var proofJTIs: [String] = []
        /// Every client assertion `jti` that passed the signature check, in order.
        package var assertionJTIs: [String] = []
        /// Each refresh token presented, in order.
        package var refreshTokensPresented: [String] = []
        /// Every refusal: endpoint and OAuth error code.
        package var refusals: [String] = []
        /// Revocation requests that were accepted.
        package var revocations = 0
        /// PDS requests that were answered successfully.
        package var resourceSuccesses = 0
    }

    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<24).map { _ in String(UInt8.random(in: 0...255, using: &generator), radix: 16) }.joined()
    }
}
