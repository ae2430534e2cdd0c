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

    /// Adds the headers, replacing any a handler may have set (looked for in one pass:
    /// this runs for every response, and handlers almost never set them).
    package static func apply(to headers: inout HTTPHeaders) {
        if headers.contains(where: { field in all.contains { HTTPHeaders.namesMatch(field.name, $0.0) } }) {
            for (name, _) in all { headers.remove(name) }
        }
        for (name, value) in all { headers.add(name, value) }
    }
}
