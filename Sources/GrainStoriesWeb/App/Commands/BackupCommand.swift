import GrainSupport

/// `grain-stories backup DEST` and `grain-stories restore SRC`: a consistent copy of the
/// data directory taken while the server runs, and that copy brought back into a new
/// data directory (see `DataDirectoryBackup` for what is copied). The data directory is
/// the one `serve` would use (`--data-dir` or `GRAIN_STORIES_DATA_DIR`). Exit status:
/// 0 done, 64 usage, 74 the copy failed (nothing is left half-written).
enum BackupCommand {
    enum Direction: Sendable {
        case backup
        case restore
    }

    static func usage(_ direction: Direction) -> String {
        switch direction {
        case .backup: "Usage: grain-stories backup DEST [--data-dir PATH]   (DEST must not exist)"
        case .restore: "Usage: grain-stories restore SRC [--data-dir PATH]   (into a new or empty data directory)"
        }
    }

    static func run(_ direction: Direction, arguments: [String], environment: [String: String]) async -> Int32 {
        let name = direction == .backup ? "backup" : "restore"
        guard let path = arguments.first, !path.hasPrefix("-") else {
            if arguments.contains("--help") || arguments.contains("-h") {
                StandardStreams.output(usage(direction))
                return 0
            }
            StandardStreams.error(usage(direction))
            return 64
        }
        let configuration: AppConfiguration
        do {
            guard case .run(let loaded) = try AppConfiguration.load(arguments: Array(arguments.dropFirst()), environment: environment) else {
                StandardStreams.output(usage(direction))
                return 0
            }
            configuration = loaded
        } catch {
            StandardStreams.error("grain-stories \(name): \(error)")
            return 64
        }
        let data = DataDirectory.layout(of: configuration.dataDirectory)
        do {
            let summary: DataDirectoryBackup.Summary
            switch direction {
            case .backup: summary = try await DataDirectoryBackup.backUp(data, to: path)
            case .restore: summary = try await DataDirectoryBackup.restore(from: path, into: data)
            }
            let (from, to) = direction == .backup ? (data.root, path) : (path, data.root)
            StandardStreams.output(
                "grain-stories \(name): \(from) → \(to): the database (\(summary.drafts) drafts), \(summary.photos) draft photos"
                    + (summary.photosGone > 0 ? " (\(summary.photosGone) deleted meanwhile)" : "")
                    + (summary.secretKey ? ", the secret key" : ", no secret key")
                    + (summary.vapidKey ? ", the VAPID key" : "")
                    + (summary.oauthClientKeys + summary.oauthSessions > 0
                        ? ", \(summary.oauthClientKeys) OAuth client keys, \(summary.oauthSessions) OAuth sessions" : "") + "; the media cache is not copied")
            if !summary.skippedDraftIDs.isEmpty {
                StandardStreams.error(
                    "grain-stories \(name): left out \(summary.skippedDraftIDs.count) drafts whose ids no draft can have: \(quoted(summary.skippedDraftIDs))")
            }
            return 0
        } catch {
            StandardStreams.error("grain-stories \(name): \(error)")
            return 74
        }
    }

    /// The first few of `ids`, each quoted with control characters escaped and cut short:
    /// they come from a database that may have been tampered with.
    static func quoted(_ ids: [String]) -> String {
        let shown = ids.prefix(5).map { id in String(reflecting: id.count > 80 ? String(id.prefix(80)) + "…" : id) }
        return shown.joined(separator: ", ") + (ids.count > shown.count ? ", …" : "")
    }
}
