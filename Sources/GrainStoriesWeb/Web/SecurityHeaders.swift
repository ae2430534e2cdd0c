public import MicroHTTPServer

/// Headers every response carries: a Content-Security-Policy that allows no inline
/// script and nothing from other origins, no MIME sniffing, no cross-origin referrers,
/// and no framing.
public enum SecurityHeaders {
    public static let contentSecurityPolicy = [
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

    public static let all: [(String, String)] = [
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "same-origin"),
        ("X-Frame-Options", "DENY"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()"),
    ]

    /// Adds the headers, replacing any a handler may have set.
    public static func apply(to headers: inout HTTPHeaders) {
        for (name, value) in all { headers.set(name, value) }
    }
}
