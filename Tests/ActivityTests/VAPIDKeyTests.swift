import AppTestKit
import Foundation
import GrainSupport
import P256
import TestKit
import Testing

@testable import Activity

/// The server's VAPID key: made once, kept private, and its JWT what push services check.
@Suite struct VAPIDKeyTests {
    @Test func theKeyIsMadeAtFirstStartKeptAt0600AndReadBackTheSame() throws {
        let directory = ProjectPaths.temporaryDirectory("vapid")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/vapid-key.pem"
        let first = try VAPIDKey.loadOrCreate(at: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let again = try VAPIDKey.loadOrCreate(at: path)
        #expect(again.publicKeyText == first.publicKeyText)
        #expect(Base64URL.decode(first.publicKeyText)?.count == 65)
    }

    @Test func theAuthorizationCarriesAJWTThePushServiceAccepts() throws {
        let key = VAPIDKey(key: try P256.PrivateKey.generate())
        let header = try key.authorization(endpointOrigin: "http://127.0.0.1:9", subject: "mailto:operator@example.org", now: Date())
        #expect(StandInPushService.vapidProblem(header, audience: "http://127.0.0.1:9") == nil)
        #expect(StandInPushService.parameter("k", in: header) == key.publicKeyText)
        #expect(StandInPushService.vapidProblem(header, audience: "http://127.0.0.1:10") != nil, "another push service's audience")
        let stale = try key.authorization(endpointOrigin: "http://127.0.0.1:9", subject: nil, now: Date().addingTimeInterval(-13 * 3600))
        #expect(StandInPushService.vapidProblem(stale, audience: "http://127.0.0.1:9") != nil, "expired")
        let other = VAPIDKey(key: try P256.PrivateKey.generate())
        let forged = header.replacingOccurrences(of: key.publicKeyText, with: other.publicKeyText)
        #expect(StandInPushService.vapidProblem(forged, audience: "http://127.0.0.1:9") != nil, "signed by another key")
    }
}
