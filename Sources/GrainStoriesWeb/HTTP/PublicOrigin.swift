import FoundationEssentials
import GrainSupport
import MicroHTTPServer

/// Where this server can be reached from outside, for the few absolute URLs it writes:
/// link previews (`og:image` must be absolute) and the link Share hands on.
///
/// In order: the configured `--public-url`; the host and scheme a trusted reverse proxy
/// forwarded (`X-Forwarded-Host`, `X-Forwarded-Proto`); the `Host` the browser used, over
/// http (on a LAN that is the address people typed). Hosts are checked to be a plain
/// host name or address with an optional port, so a forged header can at worst name
/// another host, never break out of an attribute or add a path.
struct PublicOrigin: Sendable {
    let configured: String?
    let trustedProxies: [IPAddressRange]

    func origin(for request: HTTPRequest) -> String? {
        if let configured { return configured }
        if trustedProxies.contains(where: { $0.contains(request.remoteAddress) }),
            let forwarded = request.headers["X-Forwarded-Host"].flatMap({ Self.firstValue($0) }), Self.isHost(forwarded)
        {
            let proto = request.headers["X-Forwarded-Proto"].flatMap { Self.firstValue($0) }?.lowercased()
            return (proto == "http" ? "http://" : "https://") + forwarded.lowercased()
        }
        guard let host = request.headers["Host"], Self.isHost(host) else { return nil }
        return "http://" + host.lowercased()
    }

    /// The first of a comma-separated list of forwarded values (the client-facing one).
    private static func firstValue(_ header: String) -> String? {
        header.split(separator: ",").first.map { $0.trimmingWhitespace() }
    }

    /// A host name, IPv4 address or bracketed IPv6 address, with an optional port.
    static func isHost(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 255 else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", ".", "-", ":", "[", "]": true
            default: false
            }
        } && !text.hasPrefix(".") && !text.hasPrefix("-")
    }
}
