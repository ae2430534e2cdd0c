package import MicroHTTPServer

/// Headers every response carries: a Content-Security-Policy that allows no inline
/// script and nothing from other origins, no MIME sniffing, no cross-origin referrers,
/// and no framing.
package enum SecurityHeaders {
    package static let contentSecurityPolicy = [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    package static let all: [(String, String)] = [
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "same-origin"),
        ("X-Frame-Options", "DENY"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()"),
    ]

    /// `all` with the labels `HTTPHeaders` keeps, made once.
    private static let fields: [(name: String, value: String)] = all.map { (name: $0.0, value: $0.1) }

    /// Adds the headers, replacing any a handler may have set (looked for in one pass:
    /// this runs for every response, and handlers almost never set them). They are added
    /// in one append, which grows the fields' storage once rather than six times.
    package static func apply(to headers: inout HTTPHeaders) {
        if headers.contains(where: { field in all.contains { HTTPHeaders.namesMatch(field.name, $0.0) } }) {
            for (name, _) in all { headers.remove(name) }
        }
        headers.add(contentsOf: fields)
    }

    /// Adds the headers to `response` unless its fields already end with them, as a
    /// prepared response's do (`prepared`): changing its fields would drop its prepared
    /// form, so it is left as it is.
    package static func apply(to response: inout HTTPResponse) {
        guard !endWithThem(response.headers) else { return }
        apply(to: &response.headers)
    }

    /// `response` with these headers, made into the server's form once for sending it
    /// unchanged many times (`HTTPResponse.preparedForReuse(keepingFileOpen:)`);
    /// `apply(to:)` then leaves it as it is.
    package static func prepared(_ response: HTTPResponse, keepingFileOpen: Bool = false) -> HTTPResponse {
        var response = response
        apply(to: &response.headers)
        return response.preparedForReuse(keepingFileOpen: keepingFileOpen)
    }

    /// Whether `headers` end with these, exactly as `apply` adds them (compared as the
    /// same strings, which costs a few comparisons of their storage).
    static func endWithThem(_ headers: HTTPHeaders) -> Bool {
        let all = headers.fields
        guard all.count >= fields.count else { return false }
        return zip(all[(all.count - fields.count)...], fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
}
