import Foundation

/// The DIDs this server can resolve: atproto's two "blessed" methods.
///
/// - `did:plc:` followed by 24 base32 characters (`a–z`, `2–7`);
/// - `did:web:` followed by a host name (the handle rules, or `localhost`); a port,
///   written `%3A<port>`, only on `localhost` (the spec allows ports only there, for
///   development). Path-based `did:web` DIDs are not used by atproto and are refused.
///
/// Anything else (other methods, stray characters, absurd lengths) is not a DID here,
/// so a hostile answer to a handle lookup cannot steer later requests.
enum DIDSyntax {
    /// Where a `did:web` document lives.
    struct WebHost: Equatable {
        let host: String
        let port: Int?
    }

    static func isSupported(_ did: String) -> Bool {
        isPLC(did) || webHost(did) != nil
    }

    static func isPLC(_ did: String) -> Bool {
        guard did.hasPrefix("did:plc:") else { return false }
        let identifier = did.utf8.dropFirst(8)
        return identifier.count == 24 && identifier.allSatisfy { (0x61...0x7A).contains($0) || (0x32...0x37).contains($0) }
    }

    /// The host (lowercase) and port of a supported `did:web`, or nil.
    static func webHost(_ did: String) -> WebHost? {
        guard did.hasPrefix("did:web:"), did.utf8.count <= 8 + 253 + 9 else { return nil }
        let rest = did.dropFirst(8)
        guard !rest.contains(":") else { return nil }  // path segments
        var host = rest
        var port: Int?
        if let escape = rest.range(of: "%3A") ?? rest.range(of: "%3a") {
            host = rest[..<escape.lowerBound]
            let digits = rest[escape.upperBound...]
            guard !digits.isEmpty, digits.count <= 5, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                  let number = Int(digits), (1...65535).contains(number)
            else { return nil }
            port = number
        }
        let lowered = host.lowercased()
        if lowered == "localhost" { return WebHost(host: lowered, port: port) }
        guard port == nil, HandleSyntax.isValid(host), HandleSyntax.isResolvable(lowered) else { return nil }
        return WebHost(host: lowered, port: nil)
    }
}
