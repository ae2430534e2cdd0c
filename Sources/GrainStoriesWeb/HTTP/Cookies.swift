import FoundationEssentials
import GrainSupport

/// Reading the `Cookie` header and writing `Set-Cookie` fields.
package enum Cookies {
    /// Cookie name → value from a `Cookie` header; the first occurrence of a name wins,
    /// malformed pairs are skipped (browsers send what they were given).
    package static func parse(_ header: String?) -> [String: String] {
        guard let header else { return [:] }
        var cookies: [String: String] = [:]
        for pair in header.split(separator: ";") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = pair[..<equals].trimmingWhitespace()
            var value = pair[pair.index(after: equals)...].trimmingWhitespace()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            if !name.isEmpty, cookies[name] == nil { cookies[name] = value }
        }
        return cookies
    }

    /// One `Set-Cookie` value. Defaults are the safe ones: `HttpOnly`, `SameSite=Lax`,
    /// `Path=/`; `secure` is set when the request came over HTTPS.
    package static func setCookie(
        name: String, value: String, maxAgeSeconds: Int?, secure: Bool,
        httpOnly: Bool = true, sameSite: String = "Lax"
    ) -> String {
        var parts = ["\(name)=\(value)", "Path=/"]
        if let maxAgeSeconds { parts.append("Max-Age=\(maxAgeSeconds)") }
        if httpOnly { parts.append("HttpOnly") }
        if secure { parts.append("Secure") }
        parts.append("SameSite=\(sameSite)")
        return parts.joined(separator: "; ")
    }
}
