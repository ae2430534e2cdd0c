import DurableFiles
import FoundationEssentials
import GrainSupport
package import OAuthClient
package import P256

/// The OAuth client's signing keys, kept in a directory of the data directory
/// (`oauth-client-keys/`, mode 0700): one PKCS#8 PEM file per key (mode 0600, named by
/// its `kid`, the key's RFC 7638 thumbprint) and a file `current` naming the key new
/// sign-ins use. Every key in the directory is published in the JWKS.
///
/// Rotation (`rotate`) makes a new key current and keeps the old ones, since sessions
/// obtained with a key are refreshed and revoked with it; `retire` removes old keys no
/// stored session uses any more. A key that leaked is removed with `remove` at once:
/// authorization servers then end the sessions bound to it.
package struct OAuthClientKeys: Sendable {
    let directory: String
    /// The key new sign-ins use, by `kid`.
    package let currentID: String
    /// Every published key, by `kid`.
    package let keys: [String: P256.PrivateKey]

    /// Reads the keys in `directory`, creating it and a first key when there is none.
    package static func load(directory: String) throws -> OAuthClientKeys {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var keys: [String: P256.PrivateKey] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name.hasSuffix(".pem") {
            let key = try P256.PrivateKey(pem: try String(contentsOfFile: directory + "/" + name, encoding: .utf8))
            keys[key.publicKey.jwkThumbprint] = key
        }
        let named = try? String(contentsOfFile: directory + "/current", encoding: .utf8).trimmingWhitespaceAndNewlines()
        if let named, keys[named] != nil { return OAuthClientKeys(directory: directory, currentID: named, keys: keys) }
        return try OAuthClientKeys(directory: directory, currentID: "", keys: keys).rotate()
    }

    /// A new key, made current; the others stay published. Gives the new key ring.
    package func rotate() throws -> OAuthClientKeys {
        let key = try P256.PrivateKey.generate()
        let kid = key.publicKey.jwkThumbprint
        try DurableFile.write(Array(try key.pkcs8PEM.utf8), to: directory + "/\(kid).pem", permissions: 0o600)
        try DurableFile.write(Array(kid.utf8), to: directory + "/current", permissions: 0o600)
        var keys = self.keys
        keys[kid] = key
        return OAuthClientKeys(directory: directory, currentID: kid, keys: keys)
    }

    /// Removes every key but the current one and those in `inUse` (the client keys of
    /// stored sessions). Gives the `kid`s removed.
    package func retire(keeping inUse: Set<String>) throws -> (keys: OAuthClientKeys, removed: [String]) {
        let removable = keys.keys.filter { $0 != currentID && !inUse.contains($0) }.sorted()
        var keys = self
        for kid in removable { keys = try keys.remove(kid) }
        return (keys, removable)
    }

    /// Removes the key `kid` at once (a key that leaked); never the current one.
    package func remove(_ kid: String) throws -> OAuthClientKeys {
        guard kid != currentID, keys[kid] != nil else { return self }
        try FileManager.default.removeItem(atPath: directory + "/\(kid).pem")
        var keys = self.keys
        keys[kid] = nil
        return OAuthClientKeys(directory: directory, currentID: currentID, keys: keys)
    }

    /// The JWKS document: every published key's public half.
    package var jwks: [UInt8] {
        OAuthClientMetadata.jwks(keys.sorted { $0.key < $1.key }.map { (kid: $0.key, key: $0.value.publicKey) })
    }

    /// This server as an OAuth client with these keys.
    package func identity(clientID: String, redirectURI: String, scope: OAuthScope) -> OAuthClientIdentity {
        var identity = OAuthClientIdentity(
            clientID: clientID, redirectURI: redirectURI, scope: scope, signingKey: keys[currentID]!, keyID: currentID)
        identity.olderKeys = keys.filter { $0.key != currentID }
        return identity
    }
}
