import ATProto
import ATProtoTestKit
import CurlHTTPClient
import Foundation
import GrainSupport
import OAuthClient
import OAuthTestKit
import P256
import Testing

/// The stand-in authorization server and PDS refuse each mistake a client could make,
/// so that the client's passing flow means something. Requests are built by hand here,
/// one mistake at a time, with the client's own pieces.
@Suite(.serialized) struct StandInRefusalTests {
    /// A hand-driven client of the harness's stand-in.
    struct RawClient {
        let harness: OAuthFlowHarness
        let dpopKey: P256.PrivateKey
        var identity: OAuthClientIdentity { harness.client.client }

        init(_ harness: OAuthFlowHarness) throws {
            self.harness = harness
            dpopKey = try P256.PrivateKey.generate()
        }

        func assertion(aud: String? = nil, key: P256.PrivateKey? = nil, jti: String = OAuthRandom.token(byteCount: 16)) throws -> String {
            try ClientAssertion.make(
                clientID: identity.clientID, issuer: aud ?? harness.server.issuer, key: key ?? identity.signingKey, keyID: identity.keyID, now: Date(), jti: jti
            )
        }

        /// The server's current nonce, learnt from a refused first try.
        func nonce() async throws -> String {
            let proof = try DPoPProof.make(key: dpopKey, method: "POST", url: harness.server.issuer + "/oauth/par", nonce: nil, now: Date())
            let response = try await post("/oauth/par", [], proof: proof)
            return try #require(response.headers["DPoP-Nonce"])
        }

        func proof(
            _ path: String, method: String = "POST", nonce: String?, url: String? = nil, iat: Date = Date(), jti: String = OAuthRandom.token(byteCount: 16)
        )
            throws -> String
        {
            try DPoPProof.make(key: dpopKey, method: method, url: url ?? harness.server.issuer + path, nonce: nonce, now: iat, jti: jti)
        }

        /// Valid PAR fields, with the client assertion.
        func parFields(challenge: String = PKCE().challenge, assertion: String? = nil) throws -> [(String, String)] {
            [
                ("client_id", identity.clientID), ("response_type", "code"), ("code_challenge", challenge), ("code_challenge_method", "S256"),
                ("state", "s-1"), ("redirect_uri", identity.redirectURI), ("scope", "atproto"),
                ("client_assertion_type", ClientAssertion.type), ("client_assertion", try assertion ?? self.assertion()),
            ]
        }

        func post(_ path: String, _ fields: [(String, String)], proof: String?) async throws -> HTTPClientResponse {
            var headers: HTTPHeaders = [("Content-Type", "application/x-www-form-urlencoded")]
            if let proof { headers.add("DPoP", proof) }
            return try await harness.http.send(
                HTTPClientRequest(method: "POST", url: harness.server.issuer + path, headers: headers, body: .bytes(Array(OAuthForm.encode(fields).utf8))))
        }

        static func error(_ response: HTTPClientResponse) -> String? {
            ((try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any])?["error"] as? String
        }
    }

    /// Runs `body` with a fresh harness and a raw client, stopping the harness after.
    func withRawClient(_ body: (RawClient) async throws -> Void) async throws {
        let harness = try OAuthFlowHarness()
        do {
            try await body(try RawClient(harness))
        } catch {
            await harness.stop()
            throw error
        }
        await harness.stop()
    }

    @Test func aCorrectPARIsAcceptedOnceTheNonceIsSent() async throws {
        try await withRawClient { client in
            let nonce = try await client.nonce()
            let response = try await client.post("/oauth/par", try client.parFields(), proof: try client.proof("/oauth/par", nonce: nonce))
            #expect(response.status == 201)
        }
    }

    @Test func aProofWithoutTheNonceGetsUseDPoPNonce() async throws {
        try await withRawClient { client in
            let response = try await client.post("/oauth/par", try client.parFields(), proof: try client.proof("/oauth/par", nonce: nil))
            #expect(response.status == 400 && RawClient.error(response) == "use_dpop_nonce")
            #expect(response.headers["DPoP-Nonce"] != nil)
        }
    }

    @Test func requestsWithoutAProofOrWithAWrongOneAreRefused() async throws {
        try await withRawClient { client in
            let nonce = try await client.nonce()
            let issuer = client.harness.server.issuer
            let wrongProofs: [String?] = [
                nil,
                try client.proof("/oauth/par", method: "GET", nonce: nonce),
                try client.proof("/oauth/par", nonce: nonce, url: issuer + "/oauth/token"),
                try client.proof("/oauth/par", nonce: nonce, iat: Date().addingTimeInterval(-600)),
                "not.a.jwt",
            ]
            for proof in wrongProofs {
                let response = try await client.post("/oauth/par", try client.parFields(), proof: proof)
                #expect(RawClient.error(response) == "invalid_dpop_proof", "proof \(proof ?? "none")")
            }
        }
    }

    @Test func aReplayedProofIsRefused() async throws {
        try await withRawClient { client in
            let nonce = try await client.nonce()
            let proof = try client.proof("/oauth/par", nonce: nonce)
            let first = try await client.post("/oauth/par", try client.parFields(), proof: proof)
            let second = try await client.post("/oauth/par", try client.parFields(), proof: proof)
            #expect(first.status == 201)
            #expect(RawClient.error(second) == "invalid_dpop_proof")
        }
    }

    @Test func wrongClientAssertionsAreRefused() async throws {
        try await withRawClient { client in
            let nonce = try await client.nonce()
            let stranger = try P256.PrivateKey.generate()
            let assertions = [
                try client.assertion(aud: "https://other.example"),
                try client.assertion(key: stranger),
            ]
            for assertion in assertions {
                let response = try await client.post(
                    "/oauth/par", try client.parFields(assertion: assertion), proof: try client.proof("/oauth/par", nonce: nonce))
                #expect(RawClient.error(response) == "invalid_client")
            }
            let withoutAssertion = try client.parFields().filter { !$0.0.hasPrefix("client_assertion") }
            let response = try await client.post("/oauth/par", withoutAssertion, proof: try client.proof("/oauth/par", nonce: nonce))
            #expect(RawClient.error(response) == "invalid_client")
        }
    }

    @Test func aReplayedAssertionIsRefused() async throws {
        try await withRawClient { client in
            let nonce = try await client.nonce()
            let assertion = try client.assertion()
            let first = try await client.post("/oauth/par", try client.parFields(assertion: assertion), proof: try client.proof("/oauth/par", nonce: nonce))
            let second = try await client.post("/oauth/par", try client.parFields(assertion: assertion), proof: try client.proof("/oauth/par", nonce: nonce))
            #expect(first.status == 201)
            #expect(RawClient.error(second) == "invalid_client")
        }
    }

    @Test func aPARWithoutS256OrWithAnUnregisteredRedirectIsRefused() async throws {
        try await withRawClient { client in
            let nonce = try await client.nonce()
            let plain = try client.parFields().map { $0.0 == "code_challenge_method" ? ($0.0, "plain") : $0 }
            let elsewhere = try client.parFields().map { $0.0 == "redirect_uri" ? ($0.0, "https://evil.example/cb") : $0 }
            let broadScope = try client.parFields().map { $0.0 == "scope" ? ($0.0, "atproto transition:generic") : $0 }
            for (fields, expected) in [(plain, "invalid_request"), (elsewhere, "invalid_request"), (broadScope, "invalid_scope")] {
                let response = try await client.post("/oauth/par", fields, proof: try client.proof("/oauth/par", nonce: nonce))
                #expect(RawClient.error(response) == expected)
            }
        }
    }

    @Test func theAuthorizePageNeedsAPushedRequest() async throws {
        try await withRawClient { client in
            let url =
                client.harness.server.issuer + "/oauth/authorize?client_id=" + PercentEncoding.encodeComponent(client.identity.clientID)
                + "&request_uri=urn%3Aietf%3Aparams%3Aoauth%3Arequest_uri%3Amadeup"
            let response = try await client.harness.http.send(HTTPClientRequest(url: url))
            #expect(response.status == 400)
        }
    }

    @Test func aCodeNeedsTheRightVerifierAndIsUsedOnce() async throws {
        try await withRawClient { client in
            let nonce = try await client.nonce()
            let pkce = PKCE()
            let par = try await client.post("/oauth/par", try client.parFields(challenge: pkce.challenge), proof: try client.proof("/oauth/par", nonce: nonce))
            let requestURI = try #require(((try JSONSerialization.jsonObject(with: Data(par.body))) as? [String: Any])?["request_uri"] as? String)
            let redirect =
                client.harness.server.issuer + "/oauth/authorize?" + OAuthForm.encode([("client_id", client.identity.clientID), ("request_uri", requestURI)])
            let callback = OAuthCallback(query: String(try #require(client.harness.server.approve(authorizationURL: redirect)).split(separator: "?")[1]))
            func exchange(_ verifier: String) async throws -> HTTPClientResponse {
                let fields: [(String, String)] = [
                    ("client_id", client.identity.clientID), ("grant_type", "authorization_code"), ("code", callback.code ?? ""),
                    ("redirect_uri", client.identity.redirectURI), ("code_verifier", verifier),
                    ("client_assertion_type", ClientAssertion.type), ("client_assertion", try client.assertion()),
                ]
                return try await client.post("/oauth/token", fields, proof: try client.proof("/oauth/token", nonce: nonce))
            }
            let wrong = try await exchange(PKCE().verifier.revealed)
            let right = try await exchange(pkce.verifier.revealed)
            #expect(RawClient.error(wrong) == "invalid_grant")
            // The code was spent by the failed try: a code is good for one request.
            #expect(RawClient.error(right) == "invalid_grant")
        }
    }

    @Test func thePDSWantsATHAndTheTokensOwnKey() async throws {
        let harness = try OAuthFlowHarness()
        let grant = try await harness.signIn()
        let url = harness.server.pdsURL + "/xrpc/com.atproto.server.getSession"
        func call(key: P256.PrivateKey, ath: Secret?, nonce: String?) async throws -> HTTPClientResponse {
            let proof = try DPoPProof.make(key: key, method: "GET", url: url, nonce: nonce, accessToken: ath, now: Date())
            return try await harness.http.send(
                HTTPClientRequest(url: url, headers: [("Authorization", "DPoP " + grant.accessToken.revealed), ("DPoP", proof)]))
        }
        let first = try await call(key: grant.dpopKey, ath: grant.accessToken, nonce: nil)
        let nonce = try #require(first.headers["DPoP-Nonce"])
        let withoutATH = try await call(key: grant.dpopKey, ath: nil, nonce: nonce)
        let wrongATH = try await call(key: grant.dpopKey, ath: Secret("another token"), nonce: nonce)
        let otherKey = try await call(key: try P256.PrivateKey.generate(), ath: grant.accessToken, nonce: nonce)
        let right = try await call(key: grant.dpopKey, ath: grant.accessToken, nonce: nonce)
        await harness.stop()
        #expect(first.status == 401 && first.headers["WWW-Authenticate"]?.contains("use_dpop_nonce") == true)
        #expect(withoutATH.status == 401 && wrongATH.status == 401)
        #expect(otherKey.status == 401 && otherKey.headers["WWW-Authenticate"]?.contains("invalid_token") == true)
        #expect(right.status == 200)
    }
}
