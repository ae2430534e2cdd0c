import FoundationEssentials
import GrainSupport

/// Checks a PDS address (from a DID document or typed by a person) before any
/// password is sent to it: an absolute http(s) URL with a host and nothing else (no
/// credentials, path, query or fragment), that `OutboundURL` accepts: https, or http
/// only for a host the operator listed as insecure.
enum PDSAddress {
    /// Why an address was refused.
    enum Problem: Error, Equatable {
        /// Not a usable URL at all.
        case invalid
        /// Plain http to a host that is not an operator-listed insecure host; carries the
        /// address in canonical form (for the message).
        case insecure(String)
    }

    /// `scheme://host[:port]`, lowercased, without a trailing slash. A bare host name
    /// (what people often type) is taken as https.
    static func validated(_ text: String, insecureHosts: Set<String>) throws(Problem) -> String {
        guard let canonical = canonical(text) else { throw .invalid }
        let scheme = canonical.hasPrefix("http://") ? "http" : "https"
        guard OutboundURL(canonical, insecureHosts: insecureHosts) != nil else {
            throw scheme == "http" ? .insecure(canonical) : .invalid
        }
        return canonical
    }

    /// The address's canonical form as a URL alone (no decision on whether it may be
    /// reached), or nil when it is not `http(s)://host[:port]`.
    static func canonical(_ text: String) -> String? {
        var text = text.trimmingWhitespace()
        guard !text.isEmpty, text.utf8.count <= 512 else { return nil }
        if !text.contains("://") { text = "https://" + text }
        guard let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = components.host?.lowercased(), !host.isEmpty,
            components.user == nil, components.password == nil, components.query == nil, components.fragment == nil,
            components.path.isEmpty || components.path == "/"
        else { return nil }
        let hostPart = host.contains(":") ? "[\(host)]" : host  // an IPv6 literal
        return "\(scheme)://\(hostPart)" + (components.port.map { ":\($0)" } ?? "")
    }
}
