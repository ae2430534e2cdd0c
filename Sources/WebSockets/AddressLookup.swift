import Glibc

/// Resolves a host name (on the caller's thread: the connection's own, never the
/// cooperative pool) and picks the first address the caller's rule allows, as text
/// libwebsockets can connect to. The name itself still goes into `Host` and the TLS
/// checks, so a certificate is checked against the name, not the address.
enum AddressLookup {
    static func firstAllowed(host: String, port: Int, refusal: ([UInt8]) -> String?) throws(WebSocketError) -> String {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let list else {
            throw WebSocketError(.lookupFailed, "\(host) did not resolve: \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var firstRefusal: String?
        var cursor: UnsafeMutablePointer<addrinfo>? = list
        while let entry = cursor {
            cursor = entry.pointee.ai_next
            guard let address = entry.pointee.ai_addr, let bytes = Self.bytes(of: address, family: entry.pointee.ai_family) else {
                continue
            }
            if let reason = refusal(bytes) {
                firstRefusal = firstRefusal ?? reason
                continue
            }
            return Self.text(of: bytes)
        }
        throw WebSocketError(.refusedAddress, "\(host): \(firstRefusal ?? "no IPv4 or IPv6 address")")
    }

    private static func bytes(of address: UnsafeMutablePointer<sockaddr>, family: Int32) -> [UInt8]? {
        switch family {
        case AF_INET:
            var inet = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in.self).sin_addr
            return withUnsafeBytes(of: &inet) { Array($0) }
        case AF_INET6:
            var inet6 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in6.self).sin6_addr
            return withUnsafeBytes(of: &inet6) { Array($0) }
        default:
            return nil
        }
    }

    /// Dotted quad or IPv6 text, via `inet_ntop`.
    static func text(of bytes: [UInt8]) -> String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        _ = bytes.withUnsafeBytes { raw in inet_ntop(family, raw.baseAddress, &text, socklen_t(text.count)) }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
