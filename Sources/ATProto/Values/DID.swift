import FoundationEssentials

/// An atproto DID (`did:<method>:<identifier>`), checked once where it enters the
/// server: JSON from the network, URLs, forms, cookies, the database.
///
/// Any method that fits the atproto DID syntax is a `DID` (the AppView may show
/// accounts on methods this server cannot resolve); `resolvableMethod` says whether
/// this server can look it up: the two "blessed" methods, `did:plc` with 24 base32
/// characters, and `did:web` on a host name (a `%3A<port>` only on `localhost`; path
/// forms are not used by atproto and are refused), so a hostile answer to a handle
/// lookup cannot steer later requests.
package struct DID: Hashable, Comparable, Sendable {
    /// The DID exactly as written; DIDs are case-sensitive.
    package let rawValue: String

    /// The DID's method, as far as resolution is concerned.
    package enum ResolvableMethod: Equatable, Sendable {
        case plc
        case web(WebHost)
    }

    /// Where a `did:web` document lives: the lowercase host and an optional port.
    package struct WebHost: Equatable, Sendable {
        package let host: String
        package let port: Int?

        package init(host: String, port: Int?) {
            self.host = host
            self.port = port
        }
    }

    /// The DID in `text`, or nil if `text` breaks the atproto DID syntax:
    /// `did:`, a lowercase method, `:`, then `[A-Za-z0-9._:%-]` not ending in `:` or
    /// `%`, at most 2 KiB in all.
    package init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count <= 2048, text.hasPrefix("did:") else { return nil }
        let rest = bytes.dropFirst(4)
        guard let colon = rest.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let method = rest[rest.startIndex..<colon]
        let identifier = rest[rest.index(after: colon)...]
        guard !method.isEmpty, method.allSatisfy({ (0x61...0x7A).contains($0) }),
            let last = identifier.last, last != UInt8(ascii: ":"), last != UInt8(ascii: "%"),
            identifier.allSatisfy(DID.isIdentifierByte)
        else { return nil }
        rawValue = String(text)
    }

    package static func < (lhs: DID, rhs: DID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `.plc` or `.web` when this server can resolve the DID, else nil.
    package var resolvableMethod: ResolvableMethod? {
        if rawValue.hasPrefix("did:plc:") {
            let identifier = rawValue.utf8.dropFirst(8)
            let isBase32 = identifier.allSatisfy { (0x61...0x7A).contains($0) || (0x32...0x37).contains($0) }
            return identifier.count == 24 && isBase32 ? .plc : nil
        }
        return webHost.map(ResolvableMethod.web)
    }

    /// Whether this server can resolve the DID (see `resolvableMethod`).
    package var isResolvable: Bool { resolvableMethod != nil }

    private var webHost: WebHost? {
        guard rawValue.hasPrefix("did:web:"), rawValue.utf8.count <= 8 + 253 + 9 else { return nil }
        let rest = rawValue.dropFirst(8)
        guard !rest.contains(":") else { return nil }  // path segments
        var host = rest
        var port: Int?
        if let escape = rest.firstRange(of: "%3A") ?? rest.firstRange(of: "%3a") {
            host = rest[..<escape.lowerBound]
            let digits = rest[escape.upperBound...]
            guard !digits.isEmpty, digits.count <= 5, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let number = Int(digits), (1...65535).contains(number)
            else { return nil }
            port = number
        }
        let lowered = host.lowercased()
        if lowered == "localhost" { return WebHost(host: lowered, port: port) }
        guard port == nil, let handle = Handle(exactly: host), handle.isResolvable else { return nil }
        return WebHost(host: handle.rawValue, port: nil)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2E, 0x5F, 0x3A, 0x25, 0x2D: true
        default: false
        }
    }
}

extension DID: ProtocolText {
    package static let kind = "DID"
    package init?(wireText text: String) { self.init(text) }
}
