import Foundation
import OAuthClient
import Testing

@Suite struct MetadataTests {
    static func metadata(_ changes: (inout [String: Any]) -> Void = { _ in }) throws -> AuthorizationServerMetadata {
        var object: [String: Any] = [
            "issuer": "https://as.example", "authorization_endpoint": "https://as.example/oauth/authorize",
            "token_endpoint": "https://as.example/oauth/token", "pushed_authorization_request_endpoint": "https://as.example/oauth/par",
            "revocation_endpoint": "https://as.example/oauth/revoke", "require_pushed_authorization_requests": true,
            "code_challenge_methods_supported": ["S256"], "token_endpoint_auth_methods_supported": ["none", "private_key_jwt"],
            "token_endpoint_auth_signing_alg_values_supported": ["ES256"], "dpop_signing_alg_values_supported": ["ES256"],
            "authorization_response_iss_parameter_supported": true, "client_id_metadata_document_supported": true,
            "scopes_supported": ["atproto"],
        ]
        changes(&object)
        return try JSONDecoder().decode(AuthorizationServerMetadata.self, from: JSONSerialization.data(withJSONObject: object))
    }

    @Test func conformingMetadataGivesItsEndpoints() throws {
        let server = try Self.metadata().validated(fetchedFrom: "https://as.example")
        #expect(server.issuer == "https://as.example")
        #expect(server.parEndpoint == "https://as.example/oauth/par")
        #expect(server.revocationEndpoint == "https://as.example/oauth/revoke")
    }

    @Test func anIssuerOtherThanTheOriginIsRefused() throws {
        #expect(throws: OAuthError.issuerMismatch(expected: "https://as.example", found: "https://evil.example")) {
            try Self.metadata { $0["issuer"] = "https://evil.example" }.validated(fetchedFrom: "https://as.example")
        }
        #expect(throws: OAuthError.issuerMismatch(expected: "https://as.example", found: "https://as.example/")) {
            try Self.metadata { $0["issuer"] = "https://as.example/" }.validated(fetchedFrom: "https://as.example")
        }
    }

    @Test(arguments: [
        "require_pushed_authorization_requests", "code_challenge_methods_supported", "token_endpoint_auth_methods_supported",
        "token_endpoint_auth_signing_alg_values_supported", "dpop_signing_alg_values_supported",
        "authorization_response_iss_parameter_supported", "client_id_metadata_document_supported", "pushed_authorization_request_endpoint",
    ])
    func aServerWithoutARequiredFeatureIsRefused(member: String) throws {
        let metadata = try Self.metadata { $0[member] = nil }
        #expect(throws: OAuthError.self) { try metadata.validated(fetchedFrom: "https://as.example") }
    }

    @Test func plainS256AloneIsNotEnoughWithoutES256() throws {
        let metadata = try Self.metadata { $0["dpop_signing_alg_values_supported"] = ["RS256"] }
        #expect(throws: OAuthError.self) { try metadata.validated(fetchedFrom: "https://as.example") }
    }

    @Test func protectedResourceMustBeThePDSAndNameAnOrigin() throws {
        let good = ProtectedResourceMetadata(resource: "https://pds.example", authorizationServers: ["https://as.example"])
        #expect(try good.authorizationServer(forPDS: "https://pds.example") == "https://as.example")
        let otherResource = ProtectedResourceMetadata(resource: "https://other.example", authorizationServers: ["https://as.example"])
        #expect(throws: OAuthError.self) { try otherResource.authorizationServer(forPDS: "https://pds.example") }
        let withPath = ProtectedResourceMetadata(resource: "https://pds.example", authorizationServers: ["https://as.example/path"])
        #expect(throws: OAuthError.self) { try withPath.authorizationServer(forPDS: "https://pds.example") }
        let none = ProtectedResourceMetadata(resource: "https://pds.example", authorizationServers: [])
        #expect(throws: OAuthError.self) { try none.authorizationServer(forPDS: "https://pds.example") }
    }

    @Test func callbackQueryIsRead() {
        let callback = OAuthCallback(query: "code=c%2F1&state=s&iss=https%3A%2F%2Fas.example")
        #expect(callback == OAuthCallback(state: "s", code: "c/1", issuer: "https://as.example", error: nil))
    }

    @Test func scopeListsWhatIsMissing() {
        let granted = OAuthScope("atproto repo:social.grain.story?action=create")
        let wanted = OAuthScope("atproto blob:image/* repo:social.grain.story?action=create")
        #expect(granted.missing(from: wanted) == ["blob:image/*"])
    }
}
