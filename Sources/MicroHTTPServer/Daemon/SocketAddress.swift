import CMicroHTTPD
import Glibc

/// An IPv4 or IPv6 socket address parsed from a literal host and a port, in the form the
/// kernel's bind(2) takes (`ListeningSocket`).
///
/// Only literal addresses are accepted: resolving names at start-up would make binding
/// depend on DNS, and a server binds addresses, not names.
struct SocketAddress {
    enum Family { case ipv4, ipv6 }

    let family: Family
    private var storage = sockaddr_storage()

    /// Parses "0.0.0.0", "127.0.0.1", "::", "::1" and the like (IPv6 may be bracketed).
    init(host: String, port: Int) throws(HTTPServerError) {
        guard (0...65535).contains(port) else {
            throw HTTPServerError(.invalidAddress, "port \(port) is outside 0...65535")
        }
        var literal = Substring(host)
        if literal.hasPrefix("["), literal.hasSuffix("]") {
            literal = literal.dropFirst().dropLast()
        }
        let networkPort = UInt16(port).bigEndian
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        if inet_pton(AF_INET, String(literal), &ipv4) == 1 {
            family = .ipv4
            withUnsafeMutableBytes(of: &storage) { raw in
                let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
                address.pointee.sin_family = sa_family_t(AF_INET)
                address.pointee.sin_port = networkPort
                address.pointee.sin_addr = ipv4
            }
        } else if inet_pton(AF_INET6, String(literal), &ipv6) == 1 {
            family = .ipv6
            withUnsafeMutableBytes(of: &storage) { raw in
                let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
                address.pointee.sin6_family = sa_family_t(AF_INET6)
                address.pointee.sin6_port = networkPort
                address.pointee.sin6_addr = ipv6
            }
        } else {
            throw HTTPServerError(.invalidAddress, "host \"\(host)\" is not a literal IPv4 or IPv6 address")
        }
    }

    /// True for "::", where binding dual-stack also accepts IPv4 clients.
    var isIPv6Unspecified: Bool {
        guard family == .ipv6 else { return false }
        return withUnsafeBytes(of: storage) { raw in
            let address = raw.load(as: sockaddr_in6.self).sin6_addr
            return withUnsafeBytes(of: address) { $0.allSatisfy { $0 == 0 } }
        }
    }

    /// Calls `body` with a pointer valid only for the duration of the call.
    func withSockaddrPointer<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
        withUnsafeBytes(of: storage) { raw in
            body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self))
        }
    }

    /// The textual address of a peer ("127.0.0.1", "::1"); IPv4-mapped IPv6 addresses
    /// (seen on dual-stack sockets) are shown as plain IPv4 so per-client limits and logs
    /// see one spelling per client. Empty when the family is unknown.
    static func text(of address: UnsafePointer<sockaddr>) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            var ipv4 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in.self).sin_addr
            guard inet_ntop(AF_INET, &ipv4, &buffer, socklen_t(buffer.count)) != nil else { return "" }
        case AF_INET6:
            var ipv6 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in6.self).sin6_addr
            let bytes = withUnsafeBytes(of: ipv6) { Array($0) }
            if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
                return bytes[12...].map { String($0) }.joined(separator: ".")
            }
            guard inet_ntop(AF_INET6, &ipv6, &buffer, socklen_t(buffer.count)) != nil else { return "" }
        default:
            return ""
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
