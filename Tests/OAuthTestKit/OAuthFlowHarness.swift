package import ATProto
package import ATProtoTestKit
import CurlHTTPClient
import Foundation
import HTTPTestKit
import MicroHTTPServer
package import OAuthClient
import P256
import Synchronization
import Testing

/// An identity directory that answers what the test says, lies included.
package final class FakeIdentityLookup: OAuthIdentityLookup {
    let accounts: Mutex<[String: ResolvedIdentity]>

    package init(_ accounts: [String: ResolvedIdentity] = [:]) { self.accounts = Mutex(accounts) }

    package func set(_ identifier: String, did: String, handle: String? = nil, pds: String) {
        let identity = ResolvedIdentity(
            did: DID(did)!, handle: handle.flatMap { Handle($0) }, handleVerified: handle != nil, pdsURL: pds, handleResolution: nil)
        accounts.withLock { $0[identifier] = identity }
    }

    package func lookUp(_ identifier: String) async throws(IdentityError) -> ResolvedIdentity {
        guard let found = accounts.withLock({ $0[identifier] }) else { throw .handleNotFound(identifier) }
        return found
    }
}

/// A stand-in authorization server and PDS, a web server publishing this client's
/// metadata and JWKS on 127.0.0.1, and an `OAuthClient` for them.
package final class OAuthFlowHarness: Sendable {
    package static let did = "did:plc:aliceaaaaaaaaaaaaaaaaaaa"
    package static let handle = "alice.test"

    package let server: StandInOAuthServer
    let clientHost: HTTPServer
    let documents = DocumentTable()
    package let identity = FakeIdentityLookup()
    package let http = OutboundHTTP(userAgent: "OAuthClientTests", insecureHosts: ["127.0.0.1"])
    package let client: OAuthClient
    package let scope = OAuthScope("atproto blob:image/* repo:social.grain.story?action=create&action=delete")

    /// A harness around `server` (by default a new stand-in signing in `accounts`); the
    /// client's identity lookup finds `accounts` at the server's PDS.
    package init(
        accounts: [StandInOAuthServer.Account] = [.init(did: OAuthFlowHarness.did, handle: OAuthFlowHarness.handle)],
        server: StandInOAuthServer? = nil
    ) throws {
        self.server = try server ?? StandInOAuthServer(accounts: accounts)
        let documents = self.documents
        clientHost = HTTPServer(
            configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threadCount: 2),
            responder: ClosureResponder { request in
                guard let body = documents.table.withLock({ $0[request.path] }) else { return HTTPResponse(status: .notFound) }
                var headers = HTTPHeaders()
                headers.add("Content-Type", "application/json")
                return HTTPResponse(status: .ok, headers: headers, body: .bytes(body))
            })
        try clientHost.start()
        let origin = "http://127.0.0.1:\(clientHost.port)"
        let key = try P256.PrivateKey.generate()
        let identityForClient = OAuthClientIdentity(
            clientID: origin + "/oauth/client-metadata.json", redirectURI: origin + "/oauth/callback", scope: scope, signingKey: key, keyID: "k1")
        client = OAuthClient(http: http, identity: identity, client: identityForClient)
        let metadata = OAuthClientMetadata(client: identityForClient, jwksURI: origin + "/oauth/jwks.json", clientName: "Test", clientURI: origin)
        documents.table.withLock {
            $0["/oauth/client-metadata.json"] = metadata.json
            $0["/oauth/jwks.json"] = OAuthClientMetadata.jwks([(kid: "k1", key: key.publicKey)])
        }
        for account in accounts {
            identity.set(account.handle, did: account.did, handle: account.handle, pds: self.server.pdsURL)
            identity.set(account.did, did: account.did, handle: account.handle, pds: self.server.pdsURL)
        }
    }

    package func stop() async {
        await server.stop()
        await clientHost.shutdown(gracePeriod: .seconds(2))
        await http.shutdown()
    }

    /// A client of the same host with other keys (`identity`'s keys), whose JWKS the host
    /// now publishes instead.
    package func client(with identity: OAuthClientIdentity, jwks: [UInt8]) -> OAuthClient {
        documents.table.withLock { $0["/oauth/jwks.json"] = jwks }
        return OAuthClient(http: http, identity: self.identity, client: identity, nonces: client.nonces)
    }

    /// Signs in `input` all the way (with `client`, by default the harness's),
    /// approving at the stand-in as whoever it picks.
    package func signIn(_ input: String = OAuthFlowHarness.handle, using client: OAuthClient? = nil) async throws -> OAuthGrant {
        let client = client ?? self.client
        let (pending, redirect) = try await client.beginAuthorization(input)
        let callback = try #require(server.approve(authorizationURL: redirect))
        let query = String(callback.split(separator: "?", maxSplits: 1)[1])
        return try await client.completeAuthorization(pending, callback: OAuthCallback(query: query))
    }
}

/// What the client host serves, by path.
final class DocumentTable: Sendable {
    let table = Mutex<[String: [UInt8]]>([:])
}
