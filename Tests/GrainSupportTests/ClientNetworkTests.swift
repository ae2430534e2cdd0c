import Glibc
import Testing

@testable import GrainSupport

/// Limits per client count an IPv4 address or an IPv6 /64, however the address is
/// spelled; the parser agrees with the C library's `inet_pton` on what an address is.
@Suite struct ClientNetworkTests {
    @Test func everyAddressOfOneIPv6SlashSixtyFourSharesItsKey() {
        let addresses = [
            "2001:db8:0:1::1", "2001:db8:0:1::2", "2001:DB8:0:1:ffff:ffff:ffff:ffff", "[2001:db8::1:0:0:0:9]", "2001:0db8:0000:0001::a%eth0",
            "2001:db8:0:1:0:0:192.0.2.1",
        ]
        #expect(Set(addresses.map(ClientNetwork.key(for:))) == ["2001:db8:0:1::/64"])
        #expect(ClientNetwork.key(for: "2001:db8:0:2::1") == "2001:db8:0:2::/64", "the next /64 is another client")
        #expect(ClientNetwork.key(for: "::1") == "0:0:0:0::/64")
    }

    @Test func anIPv4ClientIsItsAddressHoweverItIsSpelled() {
        #expect(ClientNetwork.key(for: "192.0.2.1") == "192.0.2.1")
        #expect(ClientNetwork.key(for: "192.0.2.2") == "192.0.2.2", "each IPv4 address is its own client")
        #expect(ClientNetwork.key(for: "::ffff:192.0.2.1") == "192.0.2.1")
        #expect(ClientNetwork.key(for: "::ffff:c000:201") == "192.0.2.1")
    }

    @Test func textThatIsNoAddressIsItsOwnKey() {
        for text in ["", "proxy", "1.2.3", "1.2.3.256", "01.2.3.4", "1::2::3", "12345::", "1:2:3:4:5:6:7:8:9", "::g", "1:2:3:4:5:6:7::8:9"] {
            #expect(ClientNetwork.key(for: text) == text, "\(text)")
        }
    }

    /// What `inet_pton` reads as an IPv6 address, and only that, gives a /64 key of the
    /// same first four groups.
    @Test(arguments: [
        "::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6::", "::2:3:4:5:6:7:8", "fe80::1:2", "1:2::3:4", "::ffff:1.2.3.4", "64:ff9b::1.2.3.4",
        "1:2:3:4:5:6:1.2.3.4", "1::2:3:4:5:6:7", "1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:8:9", ":1::", "1:::2", "1:2:3:4:5:6:7:1.2.3.4", "::1.2.3",
        "abcd:ef01:2345:6789:abcd:ef01:2345:6789", "ABCD::", "12345::", "1:2:3:4:5:6:7", "::1:2:3:4:5:6:7:8",
    ])
    func theParserAgreesWithInetPton(text: String) {
        var address = in6_addr()
        let libc: [UInt16]? =
            inet_pton(AF_INET6, text, &address) == 1
            ? withUnsafeBytes(of: address) { bytes in (0..<8).map { UInt16(bytes[$0 * 2]) << 8 | UInt16(bytes[$0 * 2 + 1]) } } : nil
        #expect(ClientNetwork.ipv6Groups(Substring(text)) == libc)
    }
}
