import FoundationEssentials
import GrainSupport

/// Reading the `Cookie` header and writing `Set-Cookie` fields.
///
/// Over https every cookie this server sets is named `__Host-<name>`: browsers accept
/// such a cookie only from this very host (with `Secure`, `Path=/` and no `Domain`), so
/// a sibling subdomain cannot plant one, and the server reads its cookies over https
/// from those names alone (`RequestContext.cookie(_:)`). Over plain http browsers refuse
/// the prefix, so the plain names stay there.
package enum Cookies {
    /// The prefix browsers accept only from a secure origin for a host-only, `Path=/` cookie.
    package static let hostPrefix = "__Host-"

    /// The name the cookie `name` has on a request over https (`secure`) or http.
    package static func name(_ name: String, secure: Bool) -> String {
        secure ? hostPrefix + name : name
    }

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
    /// `Path=/`; `secure` is set when the request came over HTTPS, and then the cookie is
    /// named `__Host-<name>` (unless `plainName`, only for deleting a cookie of an older
    /// version under its old name).
    package static func setCookie(
        name: String, value: String, maxAgeSeconds: Int?, secure: Bool,
        httpOnly: Bool = true, sameSite: String = "Lax", plainName: Bool = false
    ) -> String {
        var parts = ["\(plainName ? name : Self.name(name, secure: secure))=\(value)", "Path=/"]
        if let maxAgeSeconds { parts.append("Max-Age=\(maxAgeSeconds)") }
        if httpOnly { parts.append("HttpOnly") }
        if secure { parts.append("Secure") }
        parts.append("SameSite=\(sameSite)")
        return parts.joined(separator: "; ")
    }
}
