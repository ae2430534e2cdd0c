import ATProto
import Accounts
import Foundation
import OAuthClient
import OAuthTestKit
import P256
import Testing

/// The client key ring: kept in files only the server's user reads, rotated without
/// breaking sessions obtained with the old key, retired once no session uses it.
@Suite(.serialized) struct OAuthClientKeysTests {
    static func directory() -> String {
        FileManager.default.temporaryDirectory.path + "/oauth-keys-" + OAuthRandom.token(byteCount: 8)
    }

    @Test func keysPersistRotateAndRetireOnlyWhatNoSessionUses() throws {
        let directory = Self.directory()
        let first = try OAuthClientKeys.load(directory: directory)
        #expect(first.keys.count == 1)
        #expect(try OAuthClientKeys.load(directory: directory).currentID == first.currentID)
        let mode = try FileManager.default.attributesOfItem(atPath: directory + "/\(first.currentID).pem")[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let rotated = try first.rotate()
        #expect(rotated.currentID != first.currentID)
        let reloaded = try OAuthClientKeys.load(directory: directory)
        #expect(reloaded.currentID == rotated.currentID && Set(reloaded.keys.keys) == [first.currentID, rotated.currentID])
        let jwks = try JSONSerialization.jsonObject(with: Data(reloaded.jwks)) as? [String: [[String: String]]]
        #expect(Set(jwks?["keys"]?.compactMap { $0["kid"] } ?? []) == [first.currentID, rotated.currentID])
        #expect(jwks?["keys"]?.allSatisfy { $0["d"] == nil } == true)
        let kept = try reloaded.retire(keeping: [first.currentID])
        #expect(kept.removed.isEmpty)
        let retired = try reloaded.retire(keeping: [])
        #expect(retired.removed == [first.currentID])
        #expect(Array(try OAuthClientKeys.load(directory: directory).keys.keys) == [rotated.currentID])
    }

    @Test func aSessionGrantedUnderTheOldKeyStillRefreshesAfterRotationUntilTheKeyIsRemoved() async throws {
        let harness = try OAuthFlowHarness()
        let base = harness.client.client
        let keys = try OAuthClientKeys.load(directory: Self.directory())
        let before = harness.client(with: keys.identity(clientID: base.clientID, redirectURI: base.redirectURI, scope: base.scope), jwks: keys.jwks)
        let grant = try await harness.signIn(using: before)
        let rotated = try keys.rotate()
        let after = harness.client(with: rotated.identity(clientID: base.clientID, redirectURI: base.redirectURI, scope: base.scope), jwks: rotated.jwks)
        let renewed = try await after.refresh(grant)
        let newSession = try await harness.signIn(using: after)
        let removed = try rotated.remove(keys.currentID)
        let withoutOldKey = harness.client(
            with: removed.identity(clientID: base.clientID, redirectURI: base.redirectURI, scope: base.scope), jwks: removed.jwks)
        await #expect(throws: OAuthError.sessionEnded) { try await withoutOldKey.refresh(renewed) }
        await harness.stop()
        #expect(grant.clientKeyID == keys.currentID)
        #expect(renewed.clientKeyID == keys.currentID)
        #expect(newSession.clientKeyID == rotated.currentID)
    }
}
