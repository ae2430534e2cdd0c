import ATProto
import ATProtoTestKit
import Accounts
import Foundation
import GrainSupport
import OAuthClient
import P256
import Testing

@Suite struct OAuthGrantFilesTests {
    static func grant() throws -> OAuthGrant {
        OAuthGrant(
            did: DID("did:plc:aliceaaaaaaaaaaaaaaaaaaa"), pdsURL: "https://pds.example",
            server: AuthorizationServer(
                issuer: "https://as.example", authorizationEndpoint: "https://as.example/a", tokenEndpoint: "https://as.example/t",
                parEndpoint: "https://as.example/p", revocationEndpoint: nil),
            accessToken: Secret("access-secret"), refreshToken: Secret("refresh-secret"), expiresAt: Date(timeIntervalSince1970: 1_800_000_000),
            scope: OAuthScope("atproto blob:image/*"), dpopKey: try P256.PrivateKey.generate(), clientKeyID: "kid-1")
    }

    @Test func aGrantIsReadBackWholeFromAFileOnlyItsOwnerCanRead() async throws {
        let directory = FileManager.default.temporaryDirectory.path + "/oauth-files-" + OAuthRandom.token(byteCount: 8)
        let store = try OAuthGrantFiles(directory: directory)
        let grant = try Self.grant()
        try await store.save(grant, sessionKey: "abc123")
        let read = try #require(try await OAuthGrantFiles(directory: directory).grant(sessionKey: "abc123"))
        #expect(read.did == grant.did && read.accessToken == grant.accessToken && read.refreshToken == grant.refreshToken)
        #expect(read.expiresAt == grant.expiresAt && read.scope == grant.scope && read.server == grant.server)
        #expect(read.dpopKey.publicKey == grant.dpopKey.publicKey && read.clientKeyID == "kid-1")
        let fileMode = try FileManager.default.attributesOfItem(atPath: directory + "/abc123.json")[.posixPermissions] as? Int
        let directoryMode = try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(directoryMode == 0o700)
        #expect(try await store.sessionKeys() == ["abc123"])
        #expect(try await store.clientKeyIDsInUse() == ["kid-1"])
        try await store.delete(sessionKey: "abc123")
        #expect(try await store.grant(sessionKey: "abc123") == nil)
    }

    @Test func aSessionKeyThatIsNotAPlainNameIsRefused() async throws {
        let store = try OAuthGrantFiles(directory: FileManager.default.temporaryDirectory.path + "/oauth-files-" + OAuthRandom.token(byteCount: 8))
        await #expect(throws: (any Error).self) { try await store.save(try Self.grant(), sessionKey: "../escape") }
    }

    @Test func aGrantPrintsNoSecret() throws {
        let grant = try Self.grant()
        let printed = "\(grant) \(String(reflecting: grant.accessToken))"
        #expect(!printed.contains("access-secret") && !printed.contains("refresh-secret"))
    }
}
