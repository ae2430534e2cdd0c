import FoundationEssentials

/// The server's own random key (signing media URLs, later sessions' CSRF tokens),
/// created on first start in the data directory with mode 0600 and reused after, so
/// links stay valid across restarts.
package enum ServerSecret {
    package static func loadOrCreate(at path: String) throws(ConfigurationError) -> [UInt8] {
        if let data = FileManager.default.contents(atPath: path) {
            guard data.count == 32 else { throw ConfigurationError("\(path) is damaged (expected 32 bytes); delete it to make a new one") }
            return Array(data)
        }
        var generator = SystemRandomNumberGenerator()
        let key = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        guard FileManager.default.createFile(atPath: path, contents: Data(key), attributes: [.posixPermissions: 0o600]) else {
            throw ConfigurationError("cannot write \(path)")
        }
        return key
    }
}
