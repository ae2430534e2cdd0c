import DurableFiles
import FoundationEssentials
import Glibc
import GrainSupport
import Posting
import SQLiteRepositories

/// What `grain-stories backup` and `restore` copy, and in which order.
///
/// A backup is itself laid out as a data directory (`grainstories.sqlite3`,
/// `secret.key`, `vapid-key.pem` (0600), `drafts/`, and with OAuth `oauth-client-keys/` and `oauth-sessions/`),
/// so it can be restored with `restore` or served from as is.
/// The database is copied first, as one commit's state, while the server keeps running;
/// then the photo of every draft that copy holds (a photo is written before its draft
/// row is committed, so each of them exists unless the draft was deleted since), the
/// OAuth client keys, and the grant of every OAuth session that copy holds (read after
/// the database, so a grant refreshed meanwhile is copied with its unspent refresh
/// token; files keep mode 0600 in directories of 0700). The
/// media cache, uploads in progress and scratch files are not copied: the cache refills
/// itself and the rest was never acknowledged.
///
/// Nothing in the directory copied from is trusted (a backup may have been tampered
/// with): it is read through `UntrustedDirectory`, so no link is followed and nothing but
/// a regular file within `Limits` is read (anything else fails the whole copy, naming it);
/// a draft whose id is not a `DraftID` is left out of the copy and reported, as are files
/// whose names are not ones this server writes; and everything lands under the target,
/// which for a restore must be a new or empty directory.
enum DataDirectoryBackup {
    /// What a backup or restore copied, for its one-line report.
    struct Summary: Sendable, Equatable {
        var drafts = 0
        var photos = 0
        /// Drafts whose photo was gone by the time it was copied (deleted since).
        var photosGone = 0
        var secretKey = false
        /// The VAPID key push messages are signed with (browsers' subscriptions need it).
        var vapidKey = false
        /// OAuth client keys and OAuth sessions' grants copied.
        var oauthClientKeys = 0
        var oauthSessions = 0
        /// Draft ids in the database that no draft can have (not a `DraftID`): those
        /// drafts were left out (their rows deleted from the copy), never used as names.
        var skippedDraftIDs: [String] = []
    }

    /// The largest file of each kind read from the directory copied from: far above what
    /// this server writes, far below what would fill a disk.
    enum Limits {
        /// The database (and its write-ahead log, if one was left beside it).
        static let databaseBytes = 4 << 30
        /// A draft's prepared photo (at most 5,000,000 bytes, `--max-photo-bytes`).
        static let photoBytes = 16 << 20
        /// `secret.key` (32 bytes), an OAuth client key or grant (a few KB).
        static let smallFileBytes = 64 << 10
    }

    /// Writes a backup of `data` to `destination`, which must not exist: everything goes
    /// into a sibling staging directory first, renamed into place at the end, so a
    /// backup either exists whole or not at all.
    static func backUp(_ data: DataDirectory, to destination: String) async throws -> Summary {
        guard FileManager.default.fileExists(atPath: data.database) else {
            throw ConfigurationError("there is no database at \(data.database); is --data-dir right?")
        }
        let target = DataDirectory.layout(of: destination)
        guard !FileManager.default.fileExists(atPath: target.root) else {
            throw ConfigurationError("\(target.root) already exists; a backup never overwrites anything")
        }
        let staging = DataDirectory.layout(of: target.root + ".partial-" + UUID().uuidString)
        try FileManager.default.createDirectory(atPath: staging.root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        do {
            try FileManager.default.createDirectory(atPath: staging.drafts, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            try await AppDatabase.copy(from: data.database, to: staging.database)
            let summary = try await copyFiles(from: try UntrustedDirectory(path: data.root), to: staging, listedIn: staging.database)
            try FileManager.default.moveItem(atPath: staging.root, toPath: target.root)
            try DurableFile.syncDirectory(DurableFile.directory(of: target.root))
            return summary
        } catch {
            try? FileManager.default.removeItem(atPath: staging.root)
            throw error
        }
    }

    /// Restores the backup at `source` into the data directory `data`, which must not
    /// exist or be an empty directory (restoring never replaces or mixes with anything).
    /// The database is copied first, as bytes, into the target's `tmp/` and only then
    /// opened (so SQLite never opens a file of the backup itself), integrity-checked into
    /// place under a temporary name, and given its real name last. A failed restore
    /// removes what it wrote, so it can simply be run again.
    static func restore(from source: String, into data: DataDirectory) async throws -> Summary {
        let backup = try UntrustedDirectory(path: source)
        let createdRoot = try requireEmptyTarget(data.root)
        do {
            let prepared = try DataDirectory.prepare(data.root)
            let raw = prepared.temporary + "/restoring-" + DataDirectory.Name.database
            guard try backup.copy(DataDirectory.Name.database, to: raw, limit: Limits.databaseBytes) else {
                throw ConfigurationError("\(source)/\(DataDirectory.Name.database) does not exist; is \(source) a backup?")
            }
            _ = try backup.copy(DataDirectory.Name.database + "-wal", to: raw + "-wal", limit: Limits.databaseBytes)
            let incoming = prepared.database + ".restoring"
            try await AppDatabase.copy(from: raw, to: incoming)
            for scratch in [raw, raw + "-wal", raw + "-shm"] { try? FileManager.default.removeItem(atPath: scratch) }
            let summary = try await copyFiles(from: backup, to: prepared, listedIn: incoming)
            try FileManager.default.moveItem(atPath: incoming, toPath: prepared.database)
            try DurableFile.syncDirectory(prepared.root)
            return summary
        } catch {
            removeEverything(in: data.root, removingRoot: createdRoot)
            throw error
        }
    }

    /// Checks that `root` does not exist or is an empty directory; true when it does not
    /// exist (the restore creates it, and removes it again if it fails).
    private static func requireEmptyTarget(_ root: String) throws -> Bool {
        guard let kind = FileDescriptorIO.fileType(root) else { return true }
        guard kind == S_IFDIR else { throw ConfigurationError("\(root) is not a directory") }
        guard try FileManager.default.contentsOfDirectory(atPath: root).isEmpty else {
            throw ConfigurationError("\(root) is not empty; restore only into a new or empty data directory")
        }
        return false
    }

    /// Undoes a failed restore: the entries of `root` (all the restore's own, as it began
    /// empty), and `root` itself when the restore created it.
    private static func removeEverything(in root: String, removingRoot: Bool) {
        if removingRoot {
            try? FileManager.default.removeItem(atPath: root)
            return
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
            try? FileManager.default.removeItem(atPath: root + "/" + name)
        }
    }

    /// Copies the secret key, the photo of every draft in the database at `database` (the
    /// copy just made; drafts with impossible ids are deleted from it), the OAuth client
    /// keys and the grants of its OAuth sessions from `source` to `target`, each durably
    /// (fsynced, then renamed into place) with mode 0600.
    private static func copyFiles(from source: UntrustedDirectory, to target: DataDirectory, listedIn database: String) async throws -> Summary {
        var summary = Summary()
        if let key = try source.read(DataDirectory.Name.secretKey, limit: Limits.smallFileBytes) {
            try DurableFile.write(key, to: target.secretKey, permissions: 0o600)
            summary.secretKey = true
        }
        if let key = try source.read(DataDirectory.Name.vapidKey, limit: Limits.smallFileBytes) {
            try DurableFile.write(key, to: target.vapidKey, permissions: 0o600)
            summary.vapidKey = true
        }
        let listed = try await contents(ofDatabase: database)
        summary.drafts = listed.drafts.count
        summary.skippedDraftIDs = listed.skipped
        let photos = try source.subdirectory(DataDirectory.Name.drafts)
        for id in listed.drafts.sorted(by: { $0.rawValue < $1.rawValue }) {
            guard let photo = try photos?.read(DataDirectory.Name.draftPhoto(id.rawValue), limit: Limits.photoBytes) else {
                summary.photosGone += 1
                continue
            }
            try DurableFile.write(photo, to: target.draftPhoto(id), permissions: 0o600)
            summary.photos += 1
        }
        summary.oauthClientKeys = try copyDirectory(DataDirectory.Name.oauthClientKeys, from: source, to: target.oauthClientKeys) { name in
            name == "current" || (name.hasSuffix(".pem") && Base64URL.isAlphabetOnly(name.dropLast(4)))
        }
        summary.oauthSessions = try copyDirectory(DataDirectory.Name.oauthSessions, from: source, to: target.oauthSessions) { name in
            name.hasSuffix(".json") && listed.sessions.contains(String(name.dropLast(5)))
        }
        return summary
    }

    /// Copies the files of `source`'s subdirectory `name` whose names `include` accepts
    /// into `target` (0700), each 0600; gives how many. A missing subdirectory (OAuth
    /// never used) copies nothing.
    private static func copyDirectory(
        _ name: String, from source: UntrustedDirectory, to target: String, include: (String) -> Bool
    ) throws -> Int {
        guard let directory = try source.subdirectory(name) else { return 0 }
        var copied = 0
        for file in try directory.names().sorted() where !file.hasPrefix(".") && include(file) {
            guard let bytes = try directory.read(file, limit: Limits.smallFileBytes) else { continue }
            if copied == 0 {
                try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            }
            try DurableFile.write(bytes, to: target + "/" + file, permissions: 0o600)
            copied += 1
        }
        return copied
    }

    /// The drafts and session id hashes the database at `path` holds, read in one open.
    /// Drafts whose id is not a `DraftID` are deleted from it and given as `skipped`: an
    /// id names the draft's photo file, so one such as `../../x` must never reach a path.
    /// Session id hashes that could not name a grant file (not base64url) are left out.
    private static func contents(ofDatabase path: String) async throws -> (drafts: [DraftID], skipped: [String], sessions: Set<String>) {
        let database = try await AppDatabase.open(at: path)
        do {
            let repository = SQLiteDraftRepository(database: database)
            let skipped = try await repository.removeMalformedIDs()
            let drafts = Array(try await repository.allIDs())
            let sessions = Set(try await SQLiteSessionRepository(database: database).accountsByIDHash().keys)
                .filter { !$0.isEmpty && $0.utf8.count <= 128 && Base64URL.isAlphabetOnly($0) }
            await database.close()
            return (drafts, skipped, sessions)
        } catch {
            await database.close()
            throw error
        }
    }
}
