import ATProtoTestKit
import Foundation
import PhotoTestKit
import TestKit
import Testing

@testable import ATProto
@testable import GrainSupport

/// The in-memory PDS edge answers as `PDSClient` over HTTP to the fake PDS does: the
/// same script of calls through each gives the same outcomes, failures included.
@Suite struct PDSConnectionParityTests {
    /// A note record as a test writes it.
    struct Note: Codable, Equatable {
        var type = "app.bsky.actor.profile"
        var displayName: String
        enum CodingKeys: String, CodingKey {
            case type = "$type"
            case displayName
        }
    }

    /// What one run of the script saw, comparable across edges.
    struct Outcome: Equatable {
        var wrongPassword: XRPCError?
        var handle: Handle?
        var missing: Bool
        var written: String?
        var readBack: Note?
        var expired: XRPCError?
        var refreshedWorks: Bool
        var spentRefresh: XRPCError?
        var afterDelete: Bool
        var blobSize: Int?
    }

    static func script(_ connector: any PDSConnector, _ baseURL: String, photo: String) async throws -> Outcome {
        let alice = FakePDS.Account.alice
        let pds = connector.connection(to: baseURL)
        var outcome = Outcome(missing: false, refreshedWorks: false, afterDelete: false)
        do { _ = try await pds.createSession(identifier: alice.handle, password: Secret("wrong")) } catch { outcome.wrongPassword = error }
        let session = try await pds.createSession(identifier: alice.handle, password: Secret(alice.password))
        outcome.handle = session.handle
        let signedIn = connector.connection(to: baseURL, authorizer: FixedBearerAuthorizer(session.accessToken))
        outcome.missing =
            try await signedIn.getRecord(
                repo: session.did, collection: .blueskyProfile, rkey: .profileSelf, as: Note.self) == nil
        let ref = try await signedIn.putRecord(
            repo: session.did, collection: .blueskyProfile, rkey: .profileSelf, record: Note(displayName: "Alice"))
        outcome.written = ref.uri.rawValue
        outcome.readBack = try await signedIn.getRecord(
            repo: session.did, collection: .blueskyProfile, rkey: .profileSelf, as: Note.self)?.value
        do { _ = try await pds.refreshSession(session.accessToken) } catch { outcome.expired = error }
        let fresh = try await pds.refreshSession(session.refreshToken)
        do { _ = try await pds.refreshSession(session.refreshToken) } catch { outcome.spentRefresh = error }
        let refreshed = connector.connection(to: baseURL, authorizer: FixedBearerAuthorizer(fresh.accessToken))
        try await refreshed.deleteRecord(repo: session.did, collection: .blueskyProfile, rkey: .profileSelf)
        outcome.refreshedWorks = true
        outcome.afterDelete =
            try await refreshed.getRecord(
                repo: session.did, collection: .blueskyProfile, rkey: .profileSelf, as: Note.self) == nil
        outcome.blobSize = try await refreshed.uploadBlob(path: photo, mimeType: "image/jpeg").size
        try await pds.deleteSession(fresh.refreshToken)
        return outcome
    }

    @Test func theInMemoryPDSAnswersTheScriptAsTheFakeOverHTTPDoes() async throws {
        let photo = ProjectPaths.temporaryDirectory("parity") + "/photo.jpg"
        try FileManager.default.createDirectory(atPath: (photo as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(try SamplePhotos.portlandPhone()).write(to: URL(fileURLWithPath: photo))
        defer { try? FileManager.default.removeItem(atPath: (photo as NSString).deletingLastPathComponent) }

        let wire = try FakePDS()
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])
        let overHTTP = try await Self.script(CurlPDSConnector(http: http), wire.baseURL, photo: photo)
        await http.shutdown()
        wire.stop()
        let memory = InMemoryPDS()
        let inMemory = try await Self.script(memory, memory.baseURL, photo: photo)

        #expect(inMemory == overHTTP)
        #expect(inMemory.wrongPassword?.status == 401)
        #expect(inMemory.readBack == Note(displayName: "Alice"))
        #expect(inMemory.spentRefresh?.errorName == "ExpiredToken")
        #expect(inMemory.afterDelete)
        #expect(inMemory.blobSize == (try SamplePhotos.portlandPhone()).count)
        #expect(memory.calls.count == wire.calls.count)
    }
}
