import GrainSupport

/// `application/x-www-form-urlencoded` bodies and queries (every OAuth endpoint takes
/// forms), and their parsing for callbacks.
package enum OAuthForm {
    /// `name=value&…`, each part percent-encoded.
    package static func encode(_ fields: [(String, String)]) -> String {
        fields.map { PercentEncoding.encodeComponent($0.0) + "=" + PercentEncoding.encodeComponent($0.1) }.joined(separator: "&")
    }

    /// The fields of a query or form; a name given twice keeps its first value, and a
    /// malformed escape drops that field.
    package static func decode(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentEncoding.decode(parts[0], plusIsSpace: true),
                let value = PercentEncoding.decode(parts.count > 1 ? parts[1] : "", plusIsSpace: true), fields[name] == nil
            else { continue }
            fields[name] = value
        }
        return fields
    }
}
