import Glibc
import Testing

@testable import CurlHTTPClient

/// The address classification behind `.publicOnly`, checked without sockets.
@Suite struct PeerAddressTests {
    static func address(_ text: String) -> PeerAddress? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return PeerAddress(bytes: withUnsafeBytes(of: &v4) { Array($0) }) }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return PeerAddress(bytes: withUnsafeBytes(of: &v6) { Array($0) }) }
        return nil
    }

    @Test(arguments: [
        ("0.0.0.0", PeerAddress.Category.unspecified), ("0.1.2.3", .unspecified),
        ("127.0.0.1", .loopback), ("127.255.255.254", .loopback),
        ("10.0.0.1", .privateNetwork), ("172.16.0.1", .privateNetwork), ("172.31.255.255", .privateNetwork),
        ("192.168.1.1", .privateNetwork), ("100.64.0.1", .sharedAddressSpace), ("100.127.255.255", .sharedAddressSpace),
        ("169.254.169.254", .linkLocal), ("224.0.0.1", .multicast), ("239.255.255.255", .multicast),
        ("240.0.0.1", .reserved), ("255.255.255.255", .reserved), ("192.0.2.10", .reserved), ("198.18.0.1", .reserved),
        ("8.8.8.8", .publicUnicast), ("172.15.255.255", .publicUnicast), ("172.32.0.0", .publicUnicast),
        ("100.63.255.255", .publicUnicast), ("100.128.0.0", .publicUnicast), ("192.169.0.1", .publicUnicast),
        ("::", .unspecified), ("::1", .loopback), ("fe80::1", .linkLocal), ("febf::1", .linkLocal),
        ("fc00::1", .privateNetwork), ("fd12:3456::1", .privateNetwork), ("fec0::1", .privateNetwork),
        ("ff02::1", .multicast), ("2001:db8::1", .reserved), ("2001::1", .reserved), ("::2", .reserved),
        ("100::1", .reserved), ("3fff::1", .reserved),
        ("::ffff:127.0.0.1", .loopback), ("::ffff:10.1.2.3", .privateNetwork), ("::ffff:8.8.8.8", .publicUnicast),
        ("64:ff9b::a9fe:a9fe", .linkLocal), ("64:ff9b::808:808", .publicUnicast),
        ("2002:7f00:1::1", .loopback), ("2002:0808:0808::1", .publicUnicast),
        ("2606:4700::1111", .publicUnicast), ("2a00:1450:4001::200e", .publicUnicast),
    ])
    func addressesAreClassified(text: String, expected: PeerAddress.Category) throws {
        let address = try #require(Self.address(text))
        #expect(address.category == expected)
        #expect((address.refusalUnderPublicOnly == nil) == (expected == .publicUnicast))
    }

    @Test func addressesFormatForMessages() throws {
        #expect(try #require(Self.address("10.0.0.7")).description == "10.0.0.7")
        #expect(try #require(Self.address("fe80:0:0::1")).description == "fe80::1")
    }

    @Test func onlyIPv4AndIPv6LengthsAreAccepted() {
        #expect(PeerAddress(bytes: [1, 2, 3]) == nil)
        #expect(PeerAddress(bytes: []) == nil)
    }
}
