import DurableFiles
import FileErrors
import FoundationEssentials

/// The data directory: all local state lives here. Created on start-up if missing,
/// readable only by the server's user. Its layout is decided here and nowhere else.
package struct DataDirectory: Sendable {
    package let root: String
    /// Scratch space for request bodies spilled to disk; emptied at start-up.
    package let temporary: String
    /// Uploads being parsed; emptied at start-up (nothing in it was ever acknowledged).
    package let uploads: String
    /// Prepared photos of drafts and of just-posted stories.
    package let drafts: String
    /// The image cache.
    package let media: String

    /// The names of its entries, for code that reaches them through a directory
    /// descriptor rather than by path (`grain-stories restore`).
    package enum Name {
        package static let database = "grainstories.sqlite3"
        package static let secretKey = "secret.key"
        package static let vapidKey = "vapid-key.pem"
        package static let drafts = "drafts"
        package static let oauthClientKeys = "oauth-client-keys"
        package static let oauthSessions = "oauth-sessions"

        /// The file name of draft `id`'s prepared photo inside `drafts`.
        package static func draftPhoto(_ id: String) -> String { "\(id).jpg" }
    }

    /// The SQLite database: sessions, drafts and their publishing, seen state, geocoding cache.
    package var database: String { root + "/" + Name.database }
    /// The server's own signing key (see `ServerSecret`).
    package var secretKey: String { root + "/" + Name.secretKey }
    /// The VAPID key push messages are signed with (`VAPIDKey`), made at first start.
    package var vapidKey: String { root + "/" + Name.vapidKey }
    /// The OAuth client's signing keys (`OAuthClientKeys`).
    package var oauthClientKeys: String { root + "/" + Name.oauthClientKeys }
    /// OAuth sessions' grants, one file per session (`OAuthGrantFiles`).
    package var oauthSessions: String { root + "/" + Name.oauthSessions }

    /// Where the prepared photo of draft `id` is kept: derived, never stored, so the
    /// data directory can move.
    package func draftPhoto(_ id: String) -> String { drafts + "/" + Name.draftPhoto(id) }

    /// The layout of the data directory at `path`, touching nothing: for tools such as
    /// `grain-stories backup` that read a directory a running server owns (`prepare`
    /// empties its scratch directories).
    package static func layout(of path: String) -> DataDirectory {
        let root = URL(fileURLWithPath: path).standardizedFileURL.path
        return DataDirectory(root: root, temporary: root + "/tmp", uploads: root + "/uploads", drafts: root + "/" + Name.drafts, media: root + "/media")
    }

    package static func prepare(_ path: String) throws(ConfigurationError) -> DataDirectory {
        let fileManager = FileManager.default
        let data = layout(of: path)
        let root = data.root
        do {
            try fileManager.createDirectory(atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            for scratch in [data.temporary, data.uploads] where fileManager.fileExists(atPath: scratch) {
                try fileManager.removeItem(atPath: scratch)
            }
            for directory in [data.temporary, data.uploads, data.drafts, data.media] {
                try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
        } catch {
            throw ConfigurationError("the data directory \(path) cannot be created or written: \(error.fileErrorDescription)")
        }
        guard fileManager.isWritableFile(atPath: root) else {
            throw ConfigurationError("the data directory \(path) is not writable")
        }
        return data
    }
}
