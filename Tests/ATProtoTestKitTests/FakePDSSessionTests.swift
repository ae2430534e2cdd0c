import ATProtoTestKit
import Foundation
import Synchronization
import Testing

@Suite struct FakePDSSessionTests {
    @Test func signingInWithHandleOrDIDReturnsJWTShapedTokens() async throws {
        try await withFakePDS { pds, client in
            for identifier in ["alice.test", "ALICE.test", FakePDS.Account.alice.did] {
                let session = try await client.signIn(identifier, "alice-app-password")
                #expect(session["did"] == .string(FakePDS.Account.alice.did))
                #expect(session["handle"] == "alice.test")
                #expect(session["active"] == true)
                let access = try #require(session["accessJwt"]?.stringValue.flatMap(jwtClaims))
                let refresh = try #require(session["refreshJwt"]?.stringValue.flatMap(jwtClaims))
                #expect(access["sub"] == .string(FakePDS.Account.alice.did))
                #expect(access["scope"] == "com.atproto.appPass")
                #expect(refresh["scope"] == "com.atproto.refresh")
                let now = Int64(Date().timeIntervalSince1970)
                #expect(try #require(access["exp"]?.integerValue) > now)
                #expect(try #require(refresh["exp"]?.integerValue) > (access["exp"]?.integerValue ?? .max))
                #expect(session["didDoc"]?["service"]?[0]?["serviceEndpoint"] == .string(pds.baseURL))
            }
        }
    }

    @Test func wrongPasswordIsRejectedWith401() async throws {
        try await withFakePDS { _, client in
            let answer = try await client.post(
                "com.atproto.server.createSession", ["identifier": "alice.test", "password": "bob-app-password"])
            #expect(answer.status == 401)
            #expect(answer.errorName == "AuthenticationRequired")
            let unknown = try await client.post(
                "com.atproto.server.createSession", ["identifier": "carol.test", "password": "x"])
            #expect(unknown.status == 401)
        }
    }

    @Test func refreshingRotatesBothTokensAndRetiresTheOldRefreshToken() async throws {
        try await withFakePDS { _, client in
            let session = try await client.signIn("alice.test", "alice-app-password")
            let oldRefresh = try #require(session["refreshJwt"]?.stringValue)
            let refreshed = try await client.post("com.atproto.server.refreshSession", token: oldRefresh)
            #expect(refreshed.status == 200)
            let newRefresh = try #require(refreshed.json?["refreshJwt"]?.stringValue)
            let newAccess = try #require(refreshed.json?["accessJwt"]?.stringValue)
            #expect(newRefresh != oldRefresh)
            #expect(newAccess != session["accessJwt"]?.stringValue)
            let reused = try await client.post("com.atproto.server.refreshSession", token: oldRefresh)
            #expect(reused.status == 400)
            #expect(reused.errorName == "ExpiredToken")
            #expect(try await client.get("com.atproto.server.getSession", token: newAccess).status == 200)
            #expect(try await client.post("com.atproto.server.refreshSession", token: newRefresh).status == 200)
        }
    }

    @Test func tokensAreCheckedForPresenceSignatureAndScope() async throws {
        try await withFakePDS { _, client in
            let session = try await client.signIn("alice.test", "alice-app-password")
            let missing = try await client.get("com.atproto.server.getSession")
            #expect(missing.status == 401)
            #expect(missing.errorName == "AuthMissing")
            let forged = try await client.get("com.atproto.server.getSession", token: "eyJhbGciOiJIUzI1NiJ9.e30.c2ln")
            #expect(forged.status == 400)
            #expect(forged.errorName == "InvalidToken")
            let refreshAsAccess = try await client.get("com.atproto.server.getSession", token: session["refreshJwt"]?.stringValue)
            #expect(refreshAsAccess.errorName == "InvalidToken")
            let accessAsRefresh = try await client.post("com.atproto.server.refreshSession", token: session["accessJwt"]?.stringValue)
            #expect(accessAsRefresh.errorName == "InvalidToken")
        }
    }

    @Test func accessTokensExpireWithTheClockAndRefreshingRecovers() async throws {
        let offset = Mutex<TimeInterval>(0)
        try await withFakePDS(clock: { Date().addingTimeInterval(offset.withLock { $0 }) }) { _, client in
            let session = try await client.signIn("alice.test", "alice-app-password")
            let access = session["accessJwt"]?.stringValue
            #expect(try await client.get("com.atproto.server.getSession", token: access).status == 200)
            offset.withLock { $0 = 2 * 3600 + 1 }
            let expired = try await client.get("com.atproto.server.getSession", token: access)
            #expect(expired.status == 400)
            #expect(expired.errorName == "ExpiredToken")
            #expect(expired.json?["message"] == "Token has expired")
            let refreshed = try await client.post("com.atproto.server.refreshSession", token: session["refreshJwt"]?.stringValue)
            #expect(try await client.get("com.atproto.server.getSession", token: refreshed.json?["accessJwt"]?.stringValue).status == 200)
        }
    }

    @Test func expireHookEndsOnlyTokensIssuedBeforeIt() async throws {
        try await withFakePDS { pds, client in
            let alice = try await client.signIn("alice.test", "alice-app-password")
            let bob = try await client.signIn("bob.test", "bob-app-password")
            pds.expireAccessTokens(of: "alice.test")
            #expect(try await client.get("com.atproto.server.getSession", token: alice["accessJwt"]?.stringValue).errorName == "ExpiredToken")
            #expect(try await client.get("com.atproto.server.getSession", token: bob["accessJwt"]?.stringValue).status == 200)
            let fresh = try await client.signIn("alice.test", "alice-app-password")
            #expect(try await client.get("com.atproto.server.getSession", token: fresh["accessJwt"]?.stringValue).status == 200)
        }
    }

    @Test func revokingSessionsStopsRefreshButNotIssuedAccessTokens() async throws {
        try await withFakePDS { pds, client in
            let first = try await client.signIn("alice.test", "alice-app-password")
            let second = try await client.signIn("alice.test", "alice-app-password")
            pds.revokeSessions(of: FakePDS.Account.alice.did)
            for session in [first, second] {
                let refresh = try await client.post("com.atproto.server.refreshSession", token: session["refreshJwt"]?.stringValue)
                #expect(refresh.status == 400)
                #expect(refresh.errorName == "ExpiredToken")
                #expect(refresh.json?["message"] == "Token has been revoked")
            }
            #expect(try await client.get("com.atproto.server.getSession", token: first["accessJwt"]?.stringValue).status == 200)
        }
    }

    @Test func deletingASessionRevokesItsRefreshToken() async throws {
        try await withFakePDS { _, client in
            let session = try await client.signIn("alice.test", "alice-app-password")
            let refresh = session["refreshJwt"]?.stringValue
            let deleted = try await client.post("com.atproto.server.deleteSession", token: refresh)
            #expect(deleted.status == 200)
            #expect(try await client.post("com.atproto.server.refreshSession", token: refresh).errorName == "ExpiredToken")
        }
    }
}
