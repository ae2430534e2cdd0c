import Activity
import AppTestKit
import Foundation
import GrainSupport
import TestKit
import Testing

@testable import GrainStoriesWeb

/// The VAPID key travels with backups: browsers subscribed with its public key, so a
/// restored server without it could push to no one.
@Suite struct VAPIDKeyBackupTests {
    @Test func aBackupCopiesTheVAPIDKeyPrivatelyAndARestoreBringsItBack() async throws {
        let root = ProjectPaths.temporaryDirectory("vapid-backup")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let data = try DataDirectory.prepare(root + "/data")
        await (try await Repositories.sqlite(at: data.database)).close()
        let key = try VAPIDKey.loadOrCreate(at: data.vapidKey)
        let summary = try await DataDirectoryBackup.backUp(data, to: root + "/backup")
        #expect(summary.vapidKey)
        let copied = DataDirectory.layout(of: root + "/backup").vapidKey
        #expect(FileManager.default.contents(atPath: copied) == FileManager.default.contents(atPath: data.vapidKey))
        #expect(try FileManager.default.attributesOfItem(atPath: copied)[.posixPermissions] as? Int == 0o600)
        let restored = DataDirectory.layout(of: root + "/restored")
        _ = try await DataDirectoryBackup.restore(from: root + "/backup", into: restored)
        #expect(try VAPIDKey.loadOrCreate(at: restored.vapidKey).publicKeyText == key.publicKeyText)
    }
}
