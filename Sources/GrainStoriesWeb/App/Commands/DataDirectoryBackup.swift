import DurableFiles
import FoundationEssentials
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
        try FileManager.default.createDirectory(atPath: staging.drafts, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        do {
            try await AppDatabase.copy(from: data.database, to: staging.database)
            let summary = try await copyFiles(from: data, to: staging, listedIn: staging.database)
            try FileManager.default.moveItem(atPath: staging.root, toPath: target.root)
            try DurableFile.syncDirectory(DurableFile.directory(of: target.root))
            return summary
        } catch {
            try? FileManager.default.removeItem(atPath: staging.root)
            throw error
        }
    }

    /// Restores the backup at `source` into the data directory `data`, which must hold
    /// no database yet (restoring never replaces a server's state).
    static func restore(from source: String, into data: DataDirectory) async throws -> Summary {
        let backup = DataDirectory.layout(of: source)
        guard FileManager.default.fileExists(atPath: backup.database) else {
            throw ConfigurationError("\(backup.database) does not exist; is \(source) a backup?")
        }
        guard !FileManager.default.fileExists(atPath: data.database) else {
            throw ConfigurationError("\(data.database) already exists; restore only into a new data directory")
        }
        let prepared = try DataDirectory.prepare(data.root)
        // The database takes its real name last, so an interrupted restore leaves no
        // database a server would start with, and can simply be run again.
        let incoming = prepared.database + ".restoring"
        try? FileManager.default.removeItem(atPath: incoming)
        try await AppDatabase.copy(from: backup.database, to: incoming)
        let summary = try await copyFiles(from: backup, to: prepared, listedIn: incoming)
        try FileManager.default.moveItem(atPath: incoming, toPath: prepared.database)
        try DurableFile.syncDirectory(prepared.root)
        return summary
    }

    /// Copies the secret key and the photo of every draft in the database at `database`
    /// (the copy just made) from `source` to `target`, each durably (fsynced, then renamed
    /// into place).
    private static func copyFiles(from source: DataDirectory, to target: DataDirectory, listedIn database: String) async throws -> Summary {
        var summary = Summary()
        if let key = FileManager.default.contents(atPath: source.secretKey) {
            try DurableFile.write(Array(key), to: target.secretKey)
            summary.secretKey = true
        }
        if let key = FileManager.default.contents(atPath: source.vapidKey) {
            try DurableFile.write(Array(key), to: target.vapidKey, permissions: 0o600)
            summary.vapidKey = true
        }
        let (ids, sessions) = try await contents(ofDatabase: database)
        summary.drafts = ids.count
        for id in ids.sorted() {
            guard let photo = FileManager.default.contents(atPath: source.draftPhoto(id)) else {
                summary.photosGone += 1
                continue
            }
            try DurableFile.write(Array(photo), to: target.draftPhoto(id))
            summary.photos += 1
        }
        summary.oauthClientKeys = try copyDirectory(from: source.oauthClientKeys, to: target.oauthClientKeys) { _ in true }
        summary.oauthSessions = try copyDirectory(from: source.oauthSessions, to: target.oauthSessions) {
            $0.hasSuffix(".json") && sessions.contains(String($0.dropLast(5)))
        }
        return summary
    }

    /// Copies the files of `source` whose names `include` accepts into `target` (0700),
    /// each 0600; gives how many. A missing `source` (OAuth never used) copies nothing.
    private static func copyDirectory(from source: String, to target: String, include: (String) -> Bool) throws -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: source) else { return 0 }
        var copied = 0
        for name in names.sorted() where !name.hasPrefix(".") && include(name) {
            guard let bytes = FileManager.default.contents(atPath: source + "/" + name) else { continue }
            if copied == 0 {
                try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            try DurableFile.write(Array(bytes), to: target + "/" + name, permissions: 0o600)
            copied += 1
        }
        return copied
    }

    /// The draft ids and session id hashes the database at `path` holds, read in one open.
    private static func contents(ofDatabase path: String) async throws -> (drafts: Set<String>, sessions: Set<String>) {
        let database = try await AppDatabase.open(at: path)
        do {
            let drafts = try await SQLiteDraftRepository(database: database).allIDs()
            let sessions = Set(try await SQLiteSessionRepository(database: database).accountsByIDHash().keys)
            await database.close()
            return (drafts, sessions)
        } catch {
            await database.close()
            throw error
        }
    }
}
