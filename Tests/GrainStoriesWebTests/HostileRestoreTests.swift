import AppTestKit
import DurableFiles
import Foundation
import GrainSupport
import Posting
import SQLiteRepositories
import TestKit
import Testing

@testable import GrainStoriesWeb

/// `grain-stories restore` of backups that were tampered with (issue 45, finding 4):
/// draft ids that climb out of `drafts/`, links to files and folders of the machine in
/// place of the key, photos, OAuth folders or the database, FIFOs and devices, files of
/// absurd size, and a target that already holds something. In every case nothing outside
/// the target changes, nothing from outside ends up inside it, and a restore that fails
/// leaves the target as it found it.
@Suite(.timeLimit(.minutes(2))) struct HostileRestoreTests {
    /// A scratch tree: `archive/` (the backup), `outside/` (the machine's own files, one
    /// of them private) and `target/data` (where the restore goes).
    struct Scene {
        let base = ProjectPaths.temporaryDirectory("hostile-restore")
        var archive: String { base + "/archive" }
        var outside: String { base + "/outside" }
        var target: String { base + "/target/data" }
        /// A file of the machine that only its owner may read, and what it says.
        var privateFile: String { outside + "/private.jpg" }
        static let privateText = "PRIVATE BYTES OF THE MACHINE"

        init(draftIDs: [String] = [DataDirectoryFixture.draftID], photosFor: [String]? = nil) async throws {
            try FileManager.default.createDirectory(atPath: base + "/outside/folder", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: base + "/target", withIntermediateDirectories: true)
            try Data(Self.privateText.utf8).write(to: URL(fileURLWithPath: privateFile))
            chmod(privateFile, 0o600)
            // A folder of the machine laid out like the backup's own folders.
            for name in ["\(DataDirectoryFixture.draftID).jpg", "\(DataDirectoryFixture.sessionHash).json", "current", "x.pem"] {
                try Data(Self.privateText.utf8).write(to: URL(fileURLWithPath: outside + "/folder/" + name))
            }
            _ = try await DataDirectoryFixture(at: archive, draftIDs: draftIDs, photosFor: photosFor)
        }

        func restore() async throws -> DataDirectoryBackup.Summary {
            try await DataDirectoryBackup.restore(from: archive, into: DataDirectory.layout(of: target))
        }

        /// Replaces the archive's entry `name` with a link to `destination`.
        func link(_ name: String, to destination: String) throws {
            try FileManager.default.removeItem(atPath: archive + "/" + name)
            try FileManager.default.createSymbolicLink(atPath: archive + "/" + name, withDestinationPath: destination)
        }

        /// Everything under `base` but the target, described by `lstat` (type, mode, size,
        /// time) and, for small regular files, content: links are listed, never followed.
        func outsideTheTarget() throws -> [String: String] {
            var found: [String: String] = [:]
            func walk(_ path: String) throws {
                guard path != target else { return }
                let attributes = try FileManager.default.attributesOfItem(atPath: path)
                let type = attributes[.type] as? FileAttributeType
                var entry = "\(type?.rawValue ?? "?") \(attributes[.posixPermissions] ?? "")"
                // A directory's own time changes with its entries, which are listed anyway.
                if type != .typeDirectory { entry += " \(attributes[.size] ?? "") \(attributes[.modificationDate] ?? "")" }
                if type == .typeRegular, (attributes[.size] as? Int ?? 0) < 1 << 20 {
                    entry += " " + (FileManager.default.contents(atPath: path)?.base64EncodedString() ?? "")
                }
                if type == .typeSymbolicLink { entry += " → " + (try FileManager.default.destinationOfSymbolicLink(atPath: path)) }
                found[String(path.dropFirst(base.count))] = entry
                if type == .typeDirectory {
                    for name in try FileManager.default.contentsOfDirectory(atPath: path) { try walk(path + "/" + name) }
                }
            }
            try walk(base)
            return found
        }

        /// Regular files under the target holding the private file's bytes.
        func privateBytesInTheTarget() -> [String] {
            guard let names = FileManager.default.subpaths(atPath: target) else { return [] }
            return names.filter { name in
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: target + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue,
                    let contents = FileManager.default.contents(atPath: target + "/" + name)
                else { return false }
                return contents.range(of: Data(Self.privateText.utf8)) != nil
            }
        }

        func remove() { try? FileManager.default.removeItem(atPath: base) }
    }

    /// Ids from the archive's database name the photo files: those that are not a
    /// `DraftID` are left out (and their rows deleted from the restored database),
    /// reported, and never turned into a path, here one that would have written
    /// `target/../pwned.jpg` and one that would have read the machine's private file.
    @Test func draftIdsThatAreNotDraftIDsAreSkippedReportedAndNeverUsedAsNames() async throws {
        let traversals = ["../../pwned", "../../outside/private", "a/b", "..", ""]
        let scene = try await Scene(
            draftIDs: [DataDirectoryFixture.draftID] + traversals, photosFor: [DataDirectoryFixture.draftID, "../../pwned"])
        defer { scene.remove() }
        let before = try scene.outsideTheTarget()
        let summary = try await scene.restore()
        #expect(summary.skippedDraftIDs == traversals.sorted())
        #expect(summary.drafts == 1 && summary.photos == 1 && summary.photosGone == 0)
        #expect(try scene.outsideTheTarget() == before, "nothing outside the target was written")
        #expect(!FileManager.default.fileExists(atPath: scene.base + "/target/pwned.jpg"))
        #expect(scene.privateBytesInTheTarget().isEmpty)
        let restored = DataDirectory.layout(of: scene.target)
        #expect(
            FileManager.default.contents(atPath: restored.draftPhoto(DataDirectoryFixture.draftID))
                == Data(DataDirectoryFixture.photo(of: DataDirectoryFixture.draftID)))
        let database = try await AppDatabase.open(at: restored.database)
        let ids = try await SQLiteDraftRepository(database: database).allIDs()
        await database.close()
        #expect(ids.map(\.rawValue) == [DataDirectoryFixture.draftID], "the impossible drafts are not in the restored database either")
        #expect(BackupCommand.quoted(["a\u{1b}[2Jb", String(repeating: "x", count: 100)]).hasPrefix(#""a\u{1B}[2Jb", "xxx"#))
    }

    /// What a tampered archive can hold in place of a file or folder of the backup. Each
    /// fails the whole restore with a message naming it; the target is left absent.
    enum Plant: String, CaseIterable, Sendable {
        case photoLinkedToAPrivateFile, draftsFolderLinkedOutside, secretKeyLinkedToAPrivateFile, databaseLinkedToAnotherDatabase
        case clientKeysFolderLinkedOutside, sessionsFolderLinkedOutside, grantLinkedToAPrivateFile, currentKeyLinkedToAPrivateFile
        case photoIsAFIFO, photoIsADevice, photoOfAbsurdSize, databaseOfAbsurdSize, secretKeyOfAbsurdSize

        /// Plants it, and gives the words the refusal must contain.
        func plant(in scene: Scene) async throws -> String {
            let photo = "drafts/\(DataDirectoryFixture.draftID).jpg"
            switch self {
            case .photoLinkedToAPrivateFile:
                try scene.link(photo, to: scene.privateFile)
                return "\(photo) is a symbolic link"
            case .draftsFolderLinkedOutside:
                try scene.link("drafts", to: scene.outside + "/folder")
                return "drafts is a symbolic link"
            case .secretKeyLinkedToAPrivateFile:
                try scene.link("secret.key", to: scene.privateFile)
                return "secret.key is a symbolic link"
            case .databaseLinkedToAnotherDatabase:
                _ = try await DataDirectoryFixture(at: scene.outside + "/other")
                try scene.link("grainstories.sqlite3", to: scene.outside + "/other/grainstories.sqlite3")
                return "grainstories.sqlite3 is a symbolic link"
            case .clientKeysFolderLinkedOutside:
                try scene.link("oauth-client-keys", to: scene.outside + "/folder")
                return "oauth-client-keys is a symbolic link"
            case .sessionsFolderLinkedOutside:
                try scene.link("oauth-sessions", to: scene.outside + "/folder")
                return "oauth-sessions is a symbolic link"
            case .grantLinkedToAPrivateFile:
                let grant = "oauth-sessions/\(DataDirectoryFixture.sessionHash).json"
                try scene.link(grant, to: scene.privateFile)
                return "\(grant) is a symbolic link"
            case .currentKeyLinkedToAPrivateFile:
                try scene.link("oauth-client-keys/current", to: scene.privateFile)
                return "current is a symbolic link"
            case .photoIsAFIFO:
                // Opened for reading, a FIFO waits for a writer: the restore would hang.
                try FileManager.default.removeItem(atPath: scene.archive + "/" + photo)
                #expect(mkfifo(scene.archive + "/" + photo, 0o600) == 0)
                return "\(photo) is not a regular file"
            case .photoIsADevice:
                // /dev/null's numbers (read, it would give an empty "photo").
                try FileManager.default.removeItem(atPath: scene.archive + "/" + photo)
                #expect(mknod(scene.archive + "/" + photo, S_IFCHR | 0o600, dev_t(1 << 8 | 3)) == 0, "the tests run as root")
                return "\(photo) is not a regular file"
            case .photoOfAbsurdSize:
                // Sparse: 64 MiB that take no disk, over the 16 MiB a photo may have.
                #expect(truncate(scene.archive + "/" + photo, 64 << 20) == 0)
                return "\(photo) is larger than"
            case .databaseOfAbsurdSize:
                // A valid database with 5 GiB of sparse zeros after it (SQLite itself
                // would read only its pages and restore it): over the 4 GiB limit.
                #expect(truncate(scene.archive + "/grainstories.sqlite3", 5 << 30) == 0)
                return "grainstories.sqlite3 is larger than"
            case .secretKeyOfAbsurdSize:
                #expect(truncate(scene.archive + "/secret.key", 1 << 20) == 0)
                return "secret.key is larger than"
            }
        }
    }

    @Test(arguments: Plant.allCases)
    func aPlantedLinkDeviceOrAbsurdFileFailsTheRestoreAndTouchesNothing(plant: Plant) async throws {
        let scene = try await Scene()
        defer { scene.remove() }
        let words = try await plant.plant(in: scene)
        let before = try scene.outsideTheTarget()
        let error = await #expect(throws: UntrustedFileError.self) { try await scene.restore() }
        #expect(error.map { String(describing: $0) }?.contains(words) == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: scene.target), "a failed restore removes the directory it created")
        #expect(try scene.outsideTheTarget() == before, "nothing outside the target was written")
    }

    @Test func aRestoreIntoAnEmptyDirectoryLeavesItEmptyWhenItFails() async throws {
        let scene = try await Scene()
        defer { scene.remove() }
        try FileManager.default.createDirectory(atPath: scene.target, withIntermediateDirectories: false)
        try scene.link("secret.key", to: scene.privateFile)
        await #expect(throws: UntrustedFileError.self) { try await scene.restore() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scene.target).isEmpty)
        #expect(scene.privateBytesInTheTarget().isEmpty)
    }

    /// A target that holds anything (here a link planted where the restore would write
    /// its drafts) is refused before anything is written.
    @Test func aTargetThatIsNotEmptyIsRefusedAndLeftAsItWas() async throws {
        let scene = try await Scene()
        defer { scene.remove() }
        try FileManager.default.createDirectory(atPath: scene.target, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: scene.target + "/drafts", withDestinationPath: scene.outside + "/folder")
        let before = try scene.outsideTheTarget()
        let error = await #expect(throws: ConfigurationError.self) { try await scene.restore() }
        #expect(error?.message.contains("is not empty") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scene.target) == ["drafts"])
        #expect(try scene.outsideTheTarget() == before)
    }

    /// The same archive with nothing planted restores whole: the tests above fail for
    /// what was planted, not for the archive.
    @Test func theUntamperedArchiveRestoresEverything() async throws {
        let scene = try await Scene()
        defer { scene.remove() }
        let summary = try await scene.restore()
        #expect(
            summary
                == DataDirectoryBackup.Summary(
                    drafts: 1, photos: 1, photosGone: 0, secretKey: true, oauthClientKeys: 2, oauthSessions: 1, skippedDraftIDs: []))
        #expect(scene.privateBytesInTheTarget().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: scene.target + "/grainstories.sqlite3.restoring"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scene.target + "/tmp").isEmpty, "the raw copy of the database is gone")
    }
}
