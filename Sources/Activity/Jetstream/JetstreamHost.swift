import ATProto
import GrainSupport

/// A Jetstream instance the operator configured (`--jetstream-hosts`), as a `wss://` URL
/// (or `ws://` for a host the operator listed as insecure, such as a stand-in), and the
/// subscription path for it.
package struct JetstreamHost: Sendable, Equatable, CustomStringConvertible {
    package let host: String
    package let port: Int
    package let secure: Bool

    /// Parses `wss://host[:port]` (a trailing `/subscribe` is accepted); `ws://` only for
    /// a host in `insecureHosts`. Nil for anything else.
    package init?(_ text: String, insecureHosts: Set<String>) {
        var rest = Substring(text.trimmingWhitespace())
        let secure: Bool
        if rest.lowercased().hasPrefix("wss://") {
            secure = true
            rest = rest.dropFirst(6)
        } else if rest.lowercased().hasPrefix("ws://") {
            secure = false
            rest = rest.dropFirst(5)
        } else {
            return nil
        }
        if rest.hasSuffix("/subscribe") { rest = rest.dropLast(10) }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.isEmpty, !rest.contains("/"), !rest.contains("@"), !rest.contains("?"), !rest.contains("#") else { return nil }
        var name = rest.lowercased()
        var port = secure ? 443 : 80
        if let colon = name.lastIndex(of: ":"), !name.hasSuffix("]") {
            guard let number = Int(name[name.index(after: colon)...]), (1...65535).contains(number) else { return nil }
            port = number
            name = String(name[..<colon])
        }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) else { return nil }
        self.host = name
        self.port = port
        self.secure = secure
        if !secure && !isInsecureAllowed(insecureHosts) { return nil }
    }

    /// Whether the operator allowed this host on plain WebSocket and private addresses.
    package func isInsecureAllowed(_ insecureHosts: Set<String>) -> Bool {
        insecureHosts.contains(host) || insecureHosts.contains("\(host):\(port)")
    }

    /// `/subscribe` asking for the followed collections, from `cursor` when there is one.
    package func subscribePath(cursor: Int64?) -> String {
        var query = JetstreamCommit.collections.map { "wantedCollections=\($0.rawValue)" }
        if let cursor { query.append("cursor=\(cursor)") }
        return "/subscribe?" + query.joined(separator: "&")
    }

    package var description: String { "\(secure ? "wss" : "ws")://\(host)\(port == (secure ? 443 : 80) ? "" : ":\(port)")" }
}
