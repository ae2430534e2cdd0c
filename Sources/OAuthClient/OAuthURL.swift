import FoundationEssentials

/// URL facts the flow compares: origins (`scheme://host[:port]`, lowercased, default
/// ports dropped), so `issuer` and server addresses are compared as the specification
/// means, not as strings that differ in case or a trailing slash.
package enum OAuthURL {
    /// The origin of an absolute http(s) URL without credentials, or nil.
    package static func origin(_ text: String) -> String? {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "https" || scheme == "http", let host = components.host?.lowercased(), !host.isEmpty,
            components.user == nil, components.password == nil
        else { return nil }
        let port = components.port.flatMap { port -> Int? in
            (scheme == "https" && port == 443) || (scheme == "http" && port == 80) ? nil : port
        }
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(hostPart)" + (port.map { ":\($0)" } ?? "")
    }

    /// `base` with `parameters` appended as a query (form-encoded).
    package static func appendingQuery(_ base: String, _ parameters: [(String, String)]) -> String {
        base + (base.contains("?") ? "&" : "?") + OAuthForm.encode(parameters)
    }
}
