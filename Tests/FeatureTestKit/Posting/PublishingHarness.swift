package import ATProto
package import ATProtoTestKit
package import Accounts
package import Foundation
package import GrainSupport
package import LoggingTestKit
import PhotoPipeline
import PhotoTestKit
package import Posting
package import SQLiteRepositories
import Social
import Synchronization
import TestKit

/// A publisher wired to a fake PDS (the Posting suites and the web layer's account
/// binding suites share it), a temporary database and a clock the test moves.
package final class PublishingHarness: Sendable {
    package let pds: FakePDS
    package let database: AppDatabase
    package let http: OutboundHTTP
    package let sessions: SessionStore
    package let drafts: any DraftRepository
    package let data: DataDirectory
    package let publisher: Publisher
    package let directory: String
    package let clock = TestDateClock(Date(timeIntervalSince1970: 1_788_544_800))
    package let posted = PostedLog()
    package let logs = LogCapture()
    package let tids = ATProto.TIDClock()

    package var now: Date { clock.now }
    package func advance(_ seconds: TimeInterval) { clock.advance(seconds) }

    /// With `pdsFollowsClock`, the fake PDS keeps time by the harness's clock too (token
    /// and upload lifetimes move when the test advances it).
    package init(pdsFollowsClock: Bool = false) async throws {
        directory = ProjectPaths.temporaryDirectory("publish")
        let shared = clock
        pds = pdsFollowsClock ? try FakePDS(clock: { shared.now }) : try FakePDS()
        database = try await AppDatabase.open(at: directory + "/grainstories.sqlite3")
        http = OutboundHTTP(userAgent: "test", insecureHosts: ["127.0.0.1"])
        let clock = self.clock
        let now: @Sendable () -> Date = { clock.now }
        sessions = SessionStore(repository: SQLiteSessionRepository(database: database), now: now)
        drafts = SQLiteDraftRepository(database: database)
        data = try DataDirectory.prepare(directory + "/data")
        let posted = self.posted
        publisher = Publisher(
            .init(
                drafts: drafts, data: data, sessions: sessions,
                pds: AuthorizedPDS(sessions: sessions, connector: CurlPDSConnector(http: http), verifier: TestIdentityDirectory.shared.resolver(http: http)),
                composer: CrosspostComposer(storyLinkURL: "https://grain.social"),
                storyPosted: { _, ref, _, _ in posted.append(ref) },
                logger: logs.logger(), now: now
            ))
    }

    /// Signs alice in for real against the fake PDS and stores the session.
    /// Thrown when the session just stored cannot be found again.
    package struct Missing: Error {}

    package func signIn() async throws -> AccountSession {
        let client = PDSClient(baseURL: pds.baseURL, http: http)
        let tokens = try await client.createSession(identifier: "alice.test", password: Secret(FakePDS.Account.alice.password))
        let cookie = try await sessions.create(tokens, pdsURL: pds.baseURL, displayName: nil)
        guard let session = try await sessions.find(cookieValue: cookie) else { throw Missing() }
        return session
    }

    /// A draft with a real JPEG on disk, queued for publishing.
    package func queueDraft(did: DID, place: DraftPlace? = nil, labels: [String] = [], crosspost: Bool = false) async throws -> Draft {
        let jpeg = try JPEGEncoder.encode(TestImages.photoLike(width: 160, height: 120), quality: 85)
        let id = DraftID.random()
        try Data(jpeg).write(to: URL(fileURLWithPath: data.draftPhoto(id)))
        let draft = Draft(
            id: id, did: did, pdsURL: pds.baseURL, storyRKey: tids.next().recordKey, postRKey: tids.next().recordKey,
            photoBytes: jpeg.count, width: 160, height: 120, gpsCell: place?.cell, place: place, labels: labels,
            crosspost: crosspost, state: .draft, createdAt: now
        )
        try await drafts.insert(draft)
        try await drafts.startPublishing(id, createdAt: Datetime(now), now: now)
        return draft
    }

    package func stop() async {
        await publisher.stop()
        await http.shutdown()
        await database.close()
        pds.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
