import ATProtoTestKit
import FeatureTestKit
import Foundation
import Testing

@testable import ATProto
@testable import Accounts
@testable import GrainSupport
@testable import Posting
@testable import Social

@Suite struct SessionStoreTests {
    private func tokens() -> PDSSession {
        PDSSession(did: "did:plc:a", handle: "a.test", accessToken: Secret("access"), refreshToken: Secret("refresh"))
    }

    @Test func usingASessionKeepsItAliveAndIdleOnesExpire() async throws {
        let harness = try await PublishingHarness()
        let cookie = try await harness.sessions.create(tokens(), pdsURL: "https://pds.example", displayName: nil)
        harness.advance(20 * 86_400)
        #expect(try await harness.sessions.find(cookieValue: cookie) != nil)
        harness.advance(20 * 86_400)
        #expect(try await harness.sessions.find(cookieValue: cookie) != nil, "used 20 days ago, so still alive 40 days after creation")
        harness.advance(31 * 86_400)
        #expect(try await harness.sessions.find(cookieValue: cookie) == nil, "idle for longer than the lifetime")
        await harness.stop()
    }

    @Test func onlyTheRealCookieValueFindsTheSession() async throws {
        let harness = try await PublishingHarness()
        let cookie = try await harness.sessions.create(tokens(), pdsURL: "https://pds.example", displayName: nil)
        #expect(try await harness.sessions.find(cookieValue: cookie)?.did == "did:plc:a")
        let hash = SessionStore.hash(cookie)
        for wrong in [nil, "", hash, String(cookie.dropLast()) + (cookie.hasSuffix("A") ? "B" : "A"), String(repeating: "A", count: 43)] {
            #expect(try await harness.sessions.find(cookieValue: wrong) == nil, "\(wrong ?? "nil")")
        }
        await harness.stop()
    }
}
