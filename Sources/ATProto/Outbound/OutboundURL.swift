import FoundationEssentials
import GrainSupport

/// An absolute URL this server is willing to fetch: `https`, or `http` only for hosts
/// the operator listed as insecure; no credentials in it; a real host name.
///
/// Internal addresses are refused again at connect time by the HTTP client's address
/// policy (which also catches DNS names that resolve inward).
package struct OutboundURL: Sendable, Equatable {
    package let text: String
    package let scheme: String
    package let host: String
    package let port: Int?

    package init?(_ text: String, insecureHosts: Set<String>) {
        guard text.utf8.count <= 4096, !text.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true }),
            let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(),
            let host = components.plainHost?.lowercased(), !host.isEmpty,
            components.user == nil, components.password == nil
        else { return nil }
        let hostKey = components.port.map { "\(host):\($0)" } ?? host
        switch scheme {
        case "https": break
        case "http": guard insecureHosts.contains(host) || insecureHosts.contains(hostKey) else { return nil }
        default: return nil
        }
        self.text = text
        self.scheme = scheme
        self.host = host
        self.port = components.port
    }

    /// Whether this host is one the operator allowed on plain HTTP and private addresses.
    package func isInsecureHost(_ insecureHosts: Set<String>) -> Bool {
        insecureHosts.contains(host) || insecureHosts.contains(port.map { "\(host):\($0)" } ?? host)
    }
}
