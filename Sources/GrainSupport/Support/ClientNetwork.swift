/// The part of a client address that one party controls, for limits counted per client:
/// an IPv4 address itself, but an IPv6 address's /64, since a single IPv6 host is
/// routinely given a whole /64 and can send from any of its 2⁶⁴ addresses. A limit
/// keyed by the full IPv6 address would be no limit at all.
///
/// Written in Swift (no `inet_pton`) so every target may use it. Spellings are
/// normalised: `::ffff:192.0.2.1` is the IPv4 client `192.0.2.1`, brackets and a zone
/// (`%eth0`) are dropped, and IPv6 text of any spelling gives the same key. Text that is
/// no address at all (a test's name, a Unix socket) is its own key, so it still counts.
package enum ClientNetwork {
    /// The key that every address of the same client network shares:
    /// `192.0.2.1`, or `2001:db8:0:1::/64`.
    package static func key(for address: String) -> String {
        var text = Substring(address)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        if let zone = text.firstIndex(of: "%") { text = text[..<zone] }
        if let ipv4 = ipv4Bytes(text) { return ipv4.map(String.init).joined(separator: ".") }
        guard let groups = ipv6Groups(text) else { return address }
        if groups[0..<5].allSatisfy({ $0 == 0 }), groups[5] == 0xFFFF {
            let bytes = [groups[6] >> 8, groups[6] & 0xFF, groups[7] >> 8, groups[7] & 0xFF]
            return bytes.map(String.init).joined(separator: ".")
        }
        return groups[0..<4].map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
    }

    /// The four bytes of dotted-quad text (each part 0–255, decimal, no leading zeros).
    static func ipv4Bytes(_ text: Substring) -> [UInt16]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt16] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                part == "0" || !part.hasPrefix("0"), let value = UInt16(part), value <= 255
            else { return nil }
            bytes.append(value)
        }
        return bytes
    }

    /// The eight 16-bit groups of IPv6 text (RFC 4291 §2.2: `::` once, an IPv4 tail).
    static func ipv6Groups(_ text: Substring) -> [UInt16]? {
        guard text.contains(":"), text.utf8.count <= 45 else { return nil }
        let halves = text.split(separator: "::", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return nil }
        func groups(_ half: Substring, allowsIPv4Tail: Bool) -> [UInt16]? {
            guard !half.isEmpty else { return [] }
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            var out: [UInt16] = []
            for (index, part) in parts.enumerated() {
                if allowsIPv4Tail, index == parts.count - 1, part.contains(".") {
                    guard let ipv4 = ipv4Bytes(part) else { return nil }
                    out += [ipv4[0] << 8 | ipv4[1], ipv4[2] << 8 | ipv4[3]]
                } else {
                    guard (1...4).contains(part.count), part.allSatisfy(\.isHexDigit), let value = UInt16(part, radix: 16) else { return nil }
                    out.append(value)
                }
            }
            return out
        }
        if halves.count == 1 {
            guard let all = groups(halves[0], allowsIPv4Tail: true), all.count == 8 else { return nil }
            return all
        }
        guard let head = groups(halves[0], allowsIPv4Tail: false), let tail = groups(halves[1], allowsIPv4Tail: true),
            head.count + tail.count <= 7
        else { return nil }
        return head + [UInt16](repeating: 0, count: 8 - head.count - tail.count) + tail
    }
}
