import ATProto
import DurableFiles
package import FoundationEssentials
import GrainSupport
package import OAuthClient
import P256

/// OAuth grants as one file per session in a directory of the data directory
/// (`oauth-sessions/`, mode 0700; each file mode 0600, written atomically and synced),
/// so tokens and DPoP keys survive restarts and are readable by this server's user
/// alone. File names are the session key (a SHA-256 hex id hash) and `.json`, never a
/// token.
package struct OAuthGrantFiles: OAuthGrantStore {
    let directory: String

    /// Creates `directory` (0700) if needed.
    package init(directory: String) throws {
        self.directory = directory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    package func save(_ grant: OAuthGrant, sessionKey: String) async throws {
        let record = Record(
            did: grant.did.rawValue, pdsURL: grant.pdsURL, server: grant.server, accessToken: grant.accessToken.revealed,
            refreshToken: grant.refreshToken?.revealed, expiresAt: grant.expiresAt.timeIntervalSince1970, scope: grant.scope.description,
            dpopKey: Base64URL.encode(try grant.dpopKey.pkcs8DER), clientKeyID: grant.clientKeyID,
            awaitsIdentityCheck: grant.awaitsIdentityCheck ? true : nil)
        try DurableFile.write(Array(try JSONEncoder().encode(record)), to: try path(sessionKey), permissions: 0o600)
    }

    package func grant(sessionKey: String) async throws -> OAuthGrant? {
        let file = try path(sessionKey)
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        let record = try JSONDecoder().decode(Record.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
        guard let did = DID(record.did), let der = Base64URL.decode(record.dpopKey) else { throw CorruptGrant() }
        var grant = OAuthGrant(
            did: did, pdsURL: record.pdsURL, server: record.server, accessToken: Secret(record.accessToken),
            refreshToken: record.refreshToken.map(Secret.init), expiresAt: Date(timeIntervalSince1970: record.expiresAt),
            scope: OAuthScope(record.scope), dpopKey: try P256.PrivateKey(pkcs8DER: der),
            clientKeyID: record.clientKeyID)
        grant.awaitsIdentityCheck = record.awaitsIdentityCheck ?? false
        return grant
    }

    package func delete(sessionKey: String) async throws {
        let file = try path(sessionKey)
        if FileManager.default.fileExists(atPath: file) { try FileManager.default.removeItem(atPath: file) }
    }

    package func sessionKeys() async throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
    }

    package func savedAt(sessionKey: String) async -> Date? {
        guard let file = try? path(sessionKey) else { return nil }
        return (try? FileManager.default.attributesOfItem(atPath: file))?[.modificationDate] as? Date
    }

    /// The file of `sessionKey`, which must be a plain hex or base64url name.
    private func path(_ sessionKey: String) throws -> String {
        guard !sessionKey.isEmpty, sessionKey.count <= 128, Base64URL.isAlphabetOnly(sessionKey) else { throw CorruptGrant() }
        return directory + "/" + sessionKey + ".json"
    }

    /// What a file holds.
    private struct Record: Codable {
        var did: String
        var pdsURL: String
        var server: AuthorizationServer
        var accessToken: String
        var refreshToken: String?
        var expiresAt: Double
        var scope: String
        /// PKCS#8 DER, base64url.
        var dpopKey: String
        var clientKeyID: String
        /// Present (true) only while the grant awaits an identity check; older files lack it.
        var awaitsIdentityCheck: Bool?
    }

    /// A grant file that cannot be read back (or a session key that cannot name one).
    package struct CorruptGrant: Error, CustomStringConvertible {
        package var description: String { "an OAuth grant file is unreadable" }
    }
}
