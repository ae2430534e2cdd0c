import ATProtoTestKit
import AppTestKit
import CurlHTTPClient
import Foundation
import HTTPTestKit
import TestKit
import Testing

/// `grain-stories backup` against a running server in the middle of posting, and
/// `grain-stories restore` of that backup into a new data directory: the restored
/// server has every acknowledged draft, outbox entry, session and setting, and posts
/// nothing twice.
@Suite(.serialized) struct BackupRestoreTests {
    private static let createRecord = "com.atproto.repo.createRecord"

    @Test func aBackupOfARunningServerRestoresEveryDraftSessionAndSettingAndPostsNothingTwice() async throws {
        let pds = try FakePDS()
        let appView = try StandInAppView(image: try CrashRecoveryTests.photo())
        let live = CrashRecoveryTests.Setup(pds: pds, appView: appView, data: ProjectPaths.temporaryDirectory("backup-live"))
        let backup = ProjectPaths.temporaryDirectory("backup-copy") + "/backup"
        let restored = CrashRecoveryTests.Setup(pds: pds, appView: appView, data: ProjectPaths.temporaryDirectory("backup-restored") + "/data")
        defer {
            for path in [live.data, (backup as NSString).deletingLastPathComponent, (restored.data as NSString).deletingLastPathComponent] {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        // The story record is created at once but the answer is held back: the outbox
        // entry stays pending on the first server while the PDS already has the record.
        pds.inject(.delay(milliseconds: 60_000), on: Self.createRecord, .once)

        let first = try ServerProcess(arguments: live.arguments())
        let browser = HTTPBrowser(baseURL: first.baseURL)
        let publishing = try await CrashRecoveryTests.postAStory(browser, pds: pds)
        #expect(await CrashRecoveryTests.waitUntil { pds.succeededCallCount(Self.createRecord) >= 1 }, "the record was created")
        // A second draft, acknowledged (its page exists) and not posted.
        let form = try await browser.get("/stories/new")
        let uploaded = try await browser.postMultipart(
            "/stories/new", fields: [("csrf", try CrashRecoveryTests.token(form))], file: ("photo", "kept.jpg", try CrashRecoveryTests.photo()))
        let kept = try #require(uploaded.headers["Location"])
        let keptPhoto = try await browser.get(kept + "/photo")
        #expect(keptPhoto.status == 200)
        // A setting: Bob's stories hidden on this server.
        let bob = FakePDS.Account.bob.did
        let hiddenPage = try await browser.get("/settings/hidden")
        let hid = try await browser.postForm("/settings/hidden", [("csrf", try CrashRecoveryTests.token(hiddenPage)), ("action", "hide"), ("author", bob)])
        #expect(hid.status == 303)
        let session = try #require(browser.cookie("sid"))

        let backedUp = try CommandRun(["backup", backup, "--data-dir", live.data])
        #expect(backedUp.status == 0, "backup: \(backedUp.error)")
        #expect(backedUp.output.contains("2 drafts"), "\(backedUp.output)")
        #expect(!FileManager.default.fileExists(atPath: backup + "/media"), "the cache is not backed up")
        // Still the first server's business: the backup paused nothing.
        #expect(try await browser.get(kept).status == 200)
        first.kill9()
        #expect(!first.log.contains("story published"), "the first server never heard its record was made")
        await browser.shutdown()
        pds.clearFaults()

        let restoredRun = try CommandRun(["restore", backup, "--data-dir", restored.data])
        #expect(restoredRun.status == 0, "restore: \(restoredRun.error)")
        let restoredFiles = try FileManager.default.contentsOfDirectory(atPath: restored.data)
        #expect(restoredFiles.contains("grainstories.sqlite3") && !restoredFiles.contains { $0.contains("restoring") }, "\(restoredFiles)")
        let again = try CommandRun(["restore", backup, "--data-dir", restored.data])
        #expect(again.status != 0, "a restore never replaces a database")

        let second = try ServerProcess(arguments: restored.arguments())
        let returning = HTTPBrowser(baseURL: second.baseURL)
        returning.setCookie("sid", session)
        // The session: the same cookie is still signed in (no sign-in form).
        let newStory = try await returning.get("/stories/new")
        #expect(newStory.status == 200 && !newStory.text.contains("name=\"password\""), "still signed in: \(newStory.status)")
        // The unposted draft, with its photo.
        #expect(try await returning.get(kept).status == 200)
        let restoredPhoto = try await returning.get(kept + "/photo")
        #expect(restoredPhoto.status == 200 && restoredPhoto.body == keptPhoto.body, "the draft's photo came back")
        // The setting.
        #expect(try await returning.get("/settings/hidden").text.contains(bob), "Bob is still hidden")
        // The outbox entry: finished by the restored server, and the story exists once.
        #expect(try await CrashRecoveryTests.waitUntil { try await returning.get(publishing).text.contains("Posted.") }, "posted: \(second.log)")
        #expect(pds.records("social.grain.story").count == 1, "exactly once")
        #expect(pds.succeededCallCount(Self.createRecord) == 1)
        #expect(second.terminate() == 0)
        await returning.shutdown()
        await appView.stop()
        pds.stop()
    }
}
