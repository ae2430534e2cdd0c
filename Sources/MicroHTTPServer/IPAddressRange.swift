import CMicroHTTPD
import Glibc

/// An IPv4 or IPv6 address or CIDR block ("192.168.1.10", "10.0.0.0/8", "::1",
/// "fd00::/8"), for naming the reverse proxies whose `X-Forwarded-For` is believed.
package struct IPAddressRange: Sendable, Equatable, CustomStringConvertible {
    /// 4 or 16 network-order bytes.
    let network: [UInt8]
    let prefixLength: Int

    /// Parses an address or a CIDR block; nil for anything else (names are not
    /// accepted: trust must not depend on DNS).
    package init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let bytes = Self.bytes(of: String(parts[0])) else { return nil }
        let maximum = bytes.count * 8
        var length = maximum
        if parts.count == 2 {
            guard let parsed = Int(parts[1]), (0...maximum).contains(parsed), parts[1].allSatisfy(\.isASCII) else { return nil }
            length = parsed
        }
        network = bytes
        prefixLength = length
    }

    package var description: String {
        let text = Self.text(of: network)
        return prefixLength == network.count * 8 ? text : "\(text)/\(prefixLength)"
    }

    /// Whether the textual address `address` lies in this range.
    package func contains(_ address: String) -> Bool {
        guard let bytes = Self.bytes(of: address), bytes.count == network.count else { return false }
        var remaining = prefixLength
        for index in 0..<bytes.count where remaining > 0 {
            let bits = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            if bytes[index] & mask != network[index] & mask { return false }
            remaining -= bits
        }
        return true
    }

    /// The bytes of a literal address; IPv4-mapped IPv6 ("::ffff:1.2.3.4") counts as IPv4,
    /// matching how the server spells peers.
    static func bytes(of text: String) -> [UInt8]? {
        var literal = Substring(text.trimmingCharacters(in: " \t"))
        if literal.hasPrefix("["), literal.hasSuffix("]") { literal = literal.dropFirst().dropLast() }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, String(literal), &ipv4) == 1 {
            return withUnsafeBytes(of: ipv4) { Array($0) }
        }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, String(literal), &ipv6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: ipv6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF { return Array(bytes[12...]) }
        return bytes
    }

    static func text(of bytes: [UInt8]) -> String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let ok = bytes.withUnsafeBytes { inet_ntop(AF_INET6, $0.baseAddress, &buffer, socklen_t(buffer.count)) != nil }
        return ok ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let skip = Set(set.unicodeScalars)
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !skip.contains($0) }),
            let last = scalars.lastIndex(where: { !skip.contains($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}

extension [IPAddressRange] {
    /// The client a request is from: the peer itself, unless the peer is a trusted
    /// proxy; then the right-most `X-Forwarded-For` entry that is not itself a trusted
    /// proxy (entries to its left are whatever the client claimed and prove nothing).
    /// A trusted proxy with a missing or unreadable header stays the client.
    package func client(peer: String, forwardedFor: [String]) -> String {
        guard contains(where: { $0.contains(peer) }) else { return peer }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { String($0).trimmingCharacters(in: " \t") }
        for hop in hops.reversed() {
            guard let bytes = IPAddressRange.bytes(of: hop) else { return peer }
            let spelled = IPAddressRange.text(of: bytes)
            if !contains(where: { $0.contains(spelled) }) { return spelled }
        }
        return peer
    }
}
