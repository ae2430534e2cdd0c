import ATProtoTestKit
import AppTestKit
import CurlHTTPClient
import Foundation
import GrainSupport
import HTTPTestKit
import TestKit
import Testing

/// `grain-stories backup` against a running server in the middle of posting, and
/// `grain-stories restore` of that backup into a new data directory: the restored
/// server has every acknowledged draft, outbox entry, session and setting, and posts
/// nothing twice.
@Suite(.serialized) struct BackupRestoreTests {
    private static let createRecord = "com.atproto.repo.createRecord"

    /// Runs the real binary with `arguments` under umask 000, so every file and folder
    /// gets exactly the mode the code asks for: a weakened mode shows, none is hidden by
    /// the usual umask.
    private static func runWithoutUmask(_ arguments: [String]) throws -> CommandRun {
        try CommandRun(["-c", #"umask 000 && exec "$0" "$@""#, ServerProcess.binary] + arguments, executable: "/bin/sh")
    }

    /// Every entry under `root` (itself included) whose mode is not 0700 for a folder or
    /// 0600 for a file, with its mode.
    private static func looseModes(under root: String) throws -> [String] {
        var loose: [String] = []
        for path in [root] + (FileManager.default.subpaths(atPath: root) ?? []).map({ root + "/" + $0 }) {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
            let wanted = attributes[.type] as? FileAttributeType == .typeDirectory ? 0o700 : 0o600
            if mode != wanted { loose.append("\(path.dropFirst(root.count)): \(String(mode, radix: 8))") }
        }
        return loose
    }

    /// Secrets written by backup and restore (the database, `secret.key`, the OAuth client
    /// keys and grants, draft photos) are 0600 in folders of 0700, whatever mode the files
    /// copied had (here 0644 in folders of 0755) and whatever the umask.
    @Test func backupAndRestoreWriteEveryFileAs0600InFoldersOf0700() async throws {
        let scratch = ProjectPaths.temporaryDirectory("backup-modes")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let source = try await DataDirectoryFixture(at: scratch + "/live")
        let backedUp = try Self.runWithoutUmask(["backup", scratch + "/backup", "--data-dir", source.data.root])
        #expect(backedUp.status == 0, "backup: \(backedUp.error)")
        let restored = try Self.runWithoutUmask(["restore", scratch + "/backup", "--data-dir", scratch + "/restored"])
        #expect(restored.status == 0, "restore: \(restored.error)")
        for root in [scratch + "/backup", scratch + "/restored"] {
            let copied = DataDirectory.layout(of: root)
            for file in [copied.database, copied.secretKey, copied.draftPhoto(DataDirectoryFixture.draftID)] {
                #expect(FileManager.default.fileExists(atPath: file), "\(file)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: copied.oauthClientKeys).count == 2)
            #expect(try FileManager.default.contentsOfDirectory(atPath: copied.oauthSessions).count == 1)
            let loose = try Self.looseModes(under: root)
            #expect(loose.isEmpty, "\(root): \(loose)")
        }
    }

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
