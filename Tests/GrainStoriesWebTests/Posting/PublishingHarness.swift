import Foundation
@testable import GrainStoriesWeb
import JPEGProcessing
import Synchronization
import Testing
@testable import ATProto
@testable import AppStorage
@testable import GrainSupport
@testable import Posting
@testable import Social
@testable import Accounts
import TestKit
import LoggingTestKit
import PhotoTestKit
import ATProtoTestKit

/// A publisher wired to a fake PDS, a temporary database and a clock the test moves.
final class PublishingHarness: Sendable {
    let pds: FakePDS
    let database: AppDatabase
    let http: OutboundHTTP
    let sessions: SessionStore
    let drafts: DraftStore
    let data: DataDirectory
    let publisher: Publisher
    let directory: String
    let clock = TestDateClock(Date(timeIntervalSince1970: 1_788_544_800))
    let posted = PostedLog()
    let logs = LogCapture()
    let tids = ATProto.TIDClock()

    var now: Date { clock.now }
    func advance(_ seconds: TimeInterval) { clock.advance(seconds) }

    /// With `pdsFollowsClock`, the fake PDS keeps time by the harness's clock too (token
    /// and upload lifetimes move when the test advances it).
    init(pdsFollowsClock: Bool = false) async throws {
        directory = ProjectPaths.temporaryDirectory("publish")
        let shared = clock
        pds = pdsFollowsClock ? try FakePDS(clock: { shared.now }) : try FakePDS()
        database = try await AppDatabase.open(at: directory + "/grainstories.sqlite3")
        http = OutboundHTTP(userAgent: "test", insecureHosts: ["127.0.0.1"])
        let clock = self.clock
        let now: @Sendable () -> Date = { clock.now }
        sessions = SessionStore(database: database, now: now)
        drafts = DraftStore(database: database)
        data = try DataDirectory.prepare(directory + "/data")
        let posted = self.posted
        publisher = Publisher(.init(
            drafts: drafts, data: data, sessions: sessions, pds: AuthorizedPDS(sessions: sessions, connector: CurlPDSConnector(http: http), verifier: TestIdentityDirectory.shared.resolver(http: http)),
            composer: CrosspostComposer(storyLinkURL: "https://grain.social"),
            storyPosted: { _, ref, _, _ in posted.append(ref) },
            logger: logs.logger(), now: now
        ))
    }

    /// Signs alice in for real against the fake PDS and stores the session.
    func signIn() async throws -> AccountSession {
        let client = PDSClient(baseURL: pds.baseURL, http: http)
        let tokens = try await client.createSession(identifier: "alice.test", password: Secret(FakePDS.Account.alice.password))
        let cookie = try await sessions.create(tokens, pdsURL: pds.baseURL, displayName: nil)
        return try #require(try await sessions.find(cookieValue: cookie))
    }

    /// A draft with a real JPEG on disk, queued for publishing.
    func queueDraft(did: DID, place: DraftPlace? = nil, labels: [String] = [], crosspost: Bool = false) async throws -> Draft {
        let jpeg = try JPEGEncoder.encode(TestImages.photoLike(width: 160, height: 120), quality: 85)
        let id = UUID().uuidString
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

    func stop() async {
        await publisher.stop()
        await http.shutdown()
        await database.close()
        pds.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// A wall clock a test moves by hand.
final class TestDateClock: Sendable {
    private let value: Mutex<Date>
    init(_ start: Date) { value = Mutex(start) }
    var now: Date { value.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { value.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// Records handed to the "story posted" callback.
final class PostedLog: Sendable {
    private let refs = Mutex<[RecordRef]>([])
    func append(_ ref: RecordRef) { refs.withLock { $0.append(ref) } }
    var rkeys: [RecordKey?] { refs.withLock { $0.map(\.rkey) } }
}
