import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing

@testable import Accounts
@testable import GrainStoriesWeb
@testable import Posting
@testable import Social

/// Uploads past an account's draft quota get a clear page with 429 or 413 and leave
/// nothing in the data directory; other accounts are unaffected.
@Suite struct DraftQuotaTests {
    typealias Flow = PostingFlowTests

    static func files(_ app: AppHarness, _ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: app.dataDirectory + "/" + directory).sorted()
    }

    static func signIn(_ app: AppHarness, _ pds: FakePDS, _ account: FakePDS.Account) async throws -> CookieJar {
        let browser = CookieJar(app)
        let page = await browser.get("/signin")
        _ = await browser.post(
            "/signin",
            form: [
                ("csrf", try #require(CookieJar.csrfToken(in: page.text))), ("identifier", account.handle),
                ("password", account.password), ("pds", pds.baseURL),
            ])
        _ = try #require(browser["sid"])
        return browser
    }

    @Test func uploadsPastTheDraftLimitAreRefusedWithAMessageAndLeaveNothingBehind() async throws {
        let pds = try FakePDS(accounts: [.alice, .bob])
        let app = try await AppHarness { $0.maxDraftsPerAccount = 2 }
        let alice = try await Self.signIn(app, pds, .alice)
        let photo = try Flow.photoWithGPS()
        let first = try #require(try await Flow.upload(alice, photo).headers["Location"])
        #expect(try await Flow.upload(alice, photo).status == .seeOther)
        let kept = try Self.files(app, "drafts")
        #expect(kept.count == 2)

        let refused = try await Flow.upload(alice, photo)
        #expect(refused.status == .tooManyRequests)
        #expect(refused.text.contains("You already have 2 drafts that are not posted yet"))
        #expect(refused.text.contains("form-error"))
        #expect(try Self.files(app, "uploads").isEmpty)
        #expect(try Self.files(app, "tmp").isEmpty)
        #expect(try Self.files(app, "drafts") == kept, "no new photo was kept")
        #expect(try await app.drafts.usage(of: FakePDS.Account.alice.typedDID).drafts == 2)

        let bob = try await Self.signIn(app, pds, .bob)
        #expect(try await Flow.upload(bob, photo).status == .seeOther, "another account has its own quota")

        let page = await alice.get(first)
        _ = await alice.post(first, form: [("csrf", try #require(CookieJar.csrfToken(in: page.text))), ("action", "discard")])
        #expect(try await Flow.upload(alice, photo).status == .seeOther, "discarding a draft makes room")
        await app.shutdown()
        pds.stop()
    }

    @Test func concurrentUploadsCannotSlipPastTheLimitTogether() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness { $0.maxDraftsPerAccount = 2 }
        let alice = try await Self.signIn(app, pds, .alice)
        let photo = try Flow.photoWithGPS()
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<5 { group.addTask { try await Flow.upload(alice, photo).status.code } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == 303 }.count == 2)
        #expect(statuses.filter { $0 == 429 }.count == 3)
        #expect(try Self.files(app, "drafts").count == 2)
        #expect(try Self.files(app, "uploads").isEmpty)
        await app.shutdown()
        pds.stop()
    }

    @Test func uploadsPastTheByteLimitAreRefusedWith413() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let alice = try await Self.signIn(app, pds, .alice)
        let limit = app.configuration.maxDraftBytesPerAccount
        #expect(limit == 200_000_000)
        // A posted story's photo still on disk counts, though it is no longer a draft.
        let big = Draft(
            id: "bigdraft0000000000000a", did: FakePDS.Account.alice.typedDID, pdsURL: pds.baseURL, storyRKey: "3mbigstory222", postRKey: "3mbigpost2222",
            photoBytes: limit - 1000, width: 10, height: 10,
            gpsCell: nil, place: nil, labels: [], crosspost: false, state: .posted, createdAt: AppHarness.fixtureNow
        )
        try await app.drafts.insert(big)
        let refused = try await Flow.upload(alice, try Flow.photoWithGPS())
        #expect(refused.status == .contentTooLarge)
        #expect(refused.text.contains("already take 200 MB on this server"))
        #expect(try Self.files(app, "uploads").isEmpty)
        #expect(try Self.files(app, "drafts").isEmpty, "the processed photo was removed again")
        await app.shutdown()
        pds.stop()
    }
}
