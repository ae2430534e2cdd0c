import CCurl
import Glibc

/// An IPv4 or IPv6 address libcurl is about to connect to, as raw network-order bytes.
///
/// Built from the `curl_sockaddr` handed to the open-socket callback, so the address
/// policy judges the exact address the connection will use, after DNS.
struct PeerAddress: Equatable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6, in network order.
    let bytes: [UInt8]

    init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Reads the address out of libcurl's socket description; nil for other families
    /// or a length too short for the family.
    init?(_ address: UnsafeMutablePointer<curl_sockaddr>) {
        guard let offset = MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr) else { return nil }
        let storage = UnsafeRawPointer(address) + offset
        let length = Int(address.pointee.addrlen)
        switch address.pointee.family {
        case AF_INET where length >= MemoryLayout<sockaddr_in>.size:
            var inet = storage.loadUnaligned(as: sockaddr_in.self).sin_addr
            self.bytes = withUnsafeBytes(of: &inet) { Array($0) }
        case AF_INET6 where length >= MemoryLayout<sockaddr_in6>.size:
            var inet6 = storage.loadUnaligned(as: sockaddr_in6.self).sin6_addr
            self.bytes = withUnsafeBytes(of: &inet6) { Array($0) }
        default:
            return nil
        }
    }

    var isIPv4: Bool { bytes.count == 4 }

    /// Dotted-quad or RFC 5952 text, via `inet_ntop`.
    var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = isIPv4 ? AF_INET : AF_INET6
        let formatted = bytes.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &text, socklen_t(text.count)) != nil
        }
        return formatted ? String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
    }
}
