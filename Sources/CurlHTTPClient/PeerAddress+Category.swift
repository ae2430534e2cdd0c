extension PeerAddress {
    /// What kind of address this is, as far as server-side request forgery is concerned.
    enum Category: Equatable {
        case publicUnicast
        case unspecified
        case loopback
        case privateNetwork
        case sharedAddressSpace  // 100.64.0.0/10, carrier-grade NAT
        case linkLocal
        case multicast
        case reserved  // documentation, benchmarking, protocol assignments, future use
    }

    /// Why `.publicOnly` refuses this address, or nil if it may be connected to.
    var refusalUnderPublicOnly: String? {
        let category = self.category
        guard category != .publicUnicast else { return nil }
        return "\(self) is \(category.phrase), refused by the public-only address policy"
    }

    var category: Category {
        isIPv4 ? Self.category(ofIPv4: bytes[0..<4]) : Self.category(ofIPv6: bytes)
    }

    /// IPv4 special-purpose ranges (RFC 6890 and successors).
    private static func category(ofIPv4 address: ArraySlice<UInt8>) -> Category {
        let a = address[address.startIndex]
        let b = address[address.startIndex + 1]
        let c = address[address.startIndex + 2]
        switch (a, b, c) {
        case (0, _, _): return .unspecified  // "this network", including 0.0.0.0
        case (10, _, _), (192, 168, _): return .privateNetwork
        case (172, 16...31, _): return .privateNetwork
        case (100, 64...127, _): return .sharedAddressSpace
        case (127, _, _): return .loopback
        case (169, 254, _): return .linkLocal
        case (192, 0, 0), (192, 0, 2), (198, 51, 100), (203, 0, 113), (198, 18...19, _): return .reserved
        case (224...239, _, _): return .multicast
        case (240..., _, _): return .reserved  // including 255.255.255.255
        default: return .publicUnicast
        }
    }

    /// IPv6: only global unicast (2000::/3) outside its special blocks is public; an
    /// IPv4 address embedded by mapping, NAT64 or 6to4 is judged as that IPv4 address.
    private static func category(ofIPv6 address: [UInt8]) -> Category {
        let prefix10 = address[0..<10].allSatisfy { $0 == 0 }
        if prefix10 && address[10] == 0xFF && address[11] == 0xFF {
            return category(ofIPv4: address[12..<16])  // ::ffff:a.b.c.d
        }
        if address[0..<12].elementsEqual([0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]) {
            return category(ofIPv4: address[12..<16])  // 64:ff9b::a.b.c.d (NAT64)
        }
        if address[0] == 0x20 && address[1] == 0x02 {
            return category(ofIPv4: address[2..<6])  // 2002:aabb:ccdd::/48 (6to4)
        }
        if address.allSatisfy({ $0 == 0 }) { return .unspecified }
        if address[0..<15].allSatisfy({ $0 == 0 }) && address[15] == 1 { return .loopback }
        if address[0] == 0xFF { return .multicast }
        if address[0] == 0xFE && (address[1] & 0xC0) == 0x80 { return .linkLocal }
        if address[0] == 0xFE && (address[1] & 0xC0) == 0xC0 { return .privateNetwork }  // site-local
        if (address[0] & 0xFE) == 0xFC { return .privateNetwork }  // unique local fc00::/7
        guard (address[0] & 0xE0) == 0x20 else { return .reserved }
        if address[0] == 0x20 && address[1] == 0x01 && (address[2] & 0xFE) == 0 { return .reserved }  // 2001::/23, Teredo
        if address[0..<4].elementsEqual([0x20, 0x01, 0x0D, 0xB8]) { return .reserved }  // documentation
        if address[0] == 0x3F && address[1] == 0xFF && (address[2] & 0xF0) == 0 { return .reserved }  // 3fff::/20
        return .publicUnicast
    }
}

extension PeerAddress.Category {
    var phrase: String {
        switch self {
        case .publicUnicast: "a public address"
        case .unspecified: "an unspecified address"
        case .loopback: "a loopback address"
        case .privateNetwork: "a private-network address"
        case .sharedAddressSpace: "a carrier-grade NAT address"
        case .linkLocal: "a link-local address"
        case .multicast: "a multicast address"
        case .reserved: "a reserved address"
        }
    }
}

extension HTTPClientConfiguration.AddressPolicy {
    /// Why this policy refuses the address `bytes` (network order: 4 bytes for IPv4, 16
    /// for IPv6), or nil when it may be connected to: the same rule for connections made
    /// outside libcurl (the Jetstream WebSocket), so there is one SSRF policy.
    package func refusal(ofAddress bytes: [UInt8]) -> String? {
        guard self == .publicOnly else { return nil }
        guard let peer = PeerAddress(bytes: bytes) else { return "the address is neither IPv4 nor IPv6" }
        return peer.refusalUnderPublicOnly
    }
}
