import Accounts
import GrainSupport

/// `grain-stories oauth keys|rotate-key|retire-keys|remove-key KID`: the OAuth client's
/// signing keys in the data directory (`--data-dir` or `GRAIN_STORIES_DATA_DIR`).
///
/// `rotate-key` makes a new key current and keeps the old ones published, since sessions
/// obtained with a key are refreshed and revoked with it; `retire-keys` removes the old
/// keys no stored OAuth session uses; `remove-key` removes one old key at once (one that
/// leaked: authorization servers then end its sessions). Restart the server afterwards
/// so it publishes the new set. Exit status: 0 done, 64 usage, 74 the keys could not be
/// read or written.
enum OAuthCommand {
    static let usage = "Usage: grain-stories oauth keys|rotate-key|retire-keys|remove-key KID [--data-dir PATH]"

    /// Where the client keys live in a data directory.
    static func clientKeysDirectory(of data: DataDirectory) -> String { data.oauthClientKeys }

    /// Where OAuth sessions' grants live in a data directory.
    static func sessionsDirectory(of data: DataDirectory) -> String { data.oauthSessions }

    static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        guard let action = arguments.first, ["keys", "rotate-key", "retire-keys", "remove-key"].contains(action) else {
            if arguments.contains("--help") || arguments.contains("-h") {
                StandardStreams.output(usage)
                return 0
            }
            StandardStreams.error(usage)
            return 64
        }
        var rest = Array(arguments.dropFirst())
        var kid: String?
        if action == "remove-key" {
            guard let first = rest.first, !first.hasPrefix("-") else {
                StandardStreams.error(usage)
                return 64
            }
            kid = first
            rest.removeFirst()
        }
        let data: DataDirectory
        do {
            guard case .run(let configuration) = try AppConfiguration.load(arguments: rest, environment: environment) else {
                StandardStreams.output(usage)
                return 0
            }
            data = DataDirectory.layout(of: configuration.dataDirectory)
        } catch {
            StandardStreams.error("grain-stories oauth: \(error)")
            return 64
        }
        do {
            let keys = try OAuthClientKeys.load(directory: clientKeysDirectory(of: data))
            switch action {
            case "rotate-key":
                let rotated = try keys.rotate()
                StandardStreams.output("grain-stories oauth: new current key \(rotated.currentID); \(rotated.keys.count) keys published")
            case "retire-keys":
                let inUse = try await OAuthGrantFiles(directory: sessionsDirectory(of: data)).clientKeyIDsInUse()
                let (left, removed) = try keys.retire(keeping: inUse)
                StandardStreams.output("grain-stories oauth: removed \(removed.count) unused keys; \(left.keys.count) published")
            case "remove-key":
                guard let kid, keys.keys[kid] != nil, kid != keys.currentID else {
                    StandardStreams.error("grain-stories oauth: no such old key (the current key cannot be removed; rotate first)")
                    return 64
                }
                _ = try keys.remove(kid)
                StandardStreams.output("grain-stories oauth: removed \(kid); its sessions will end")
            default:
                for id in keys.keys.keys.sorted() { StandardStreams.output(id + (id == keys.currentID ? "  (current)" : "")) }
            }
            return 0
        } catch {
            StandardStreams.error("grain-stories oauth: \(error)")
            return 74
        }
    }
}
