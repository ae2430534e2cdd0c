import Glibc
import Testing

@testable import MicroHTTPServer

@Suite struct SocketAddressTests {
    /// Each literal parses to its own family and port, and reads back as the same address.
    @Test(arguments: [
        ("0.0.0.0", SocketAddress.Family.ipv4, "0.0.0.0"), ("127.0.0.1", .ipv4, "127.0.0.1"),
        ("::", .ipv6, "::"), ("::1", .ipv6, "::1"), ("[::1]", .ipv6, "::1"),
    ])
    func literalAddressesParse(host: String, family: SocketAddress.Family, text expected: String) throws {
        let address = try SocketAddress(host: host, port: 8080)
        #expect(address.family == family)
        #expect(text(of: address) == expected)
        let port = address.withSockaddrPointer { pointer in
            family == .ipv4
                ? UnsafeRawPointer(pointer).loadUnaligned(as: sockaddr_in.self).sin_port
                : UnsafeRawPointer(pointer).loadUnaligned(as: sockaddr_in6.self).sin6_port
        }
        #expect(UInt16(bigEndian: port) == 8080)
    }

    @Test(arguments: ["localhost", "", "1.2.3", "example.com", "::g"])
    func namesAndGarbageAreRefused(host: String) {
        #expect(throws: HTTPServerError.self) { try SocketAddress(host: host, port: 8080) }
    }

    @Test func portOutsideTheRangeIsRefused() {
        #expect(throws: HTTPServerError.self) { try SocketAddress(host: "127.0.0.1", port: 65536) }
        #expect(throws: HTTPServerError.self) { try SocketAddress(host: "127.0.0.1", port: -1) }
    }

    @Test func onlyTheAllZeroIPv6AddressIsUnspecified() throws {
        #expect(try SocketAddress(host: "::", port: 1).isIPv6Unspecified)
        #expect(try !SocketAddress(host: "::1", port: 1).isIPv6Unspecified)
        #expect(try !SocketAddress(host: "0.0.0.0", port: 1).isIPv6Unspecified)
    }

    @Test func peerAddressesAreFormattedAndMappedIPv4IsUnwrapped() throws {
        #expect(text(of: try SocketAddress(host: "127.0.0.1", port: 1)) == "127.0.0.1")
        #expect(text(of: try SocketAddress(host: "::1", port: 1)) == "::1")
        #expect(text(of: try SocketAddress(host: "::ffff:10.1.2.3", port: 1)) == "10.1.2.3")
        #expect(text(of: try SocketAddress(host: "2001:db8::7", port: 1)) == "2001:db8::7")
    }

    private func text(of address: SocketAddress) -> String {
        address.withSockaddrPointer { SocketAddress.text(of: $0) }
    }
}
