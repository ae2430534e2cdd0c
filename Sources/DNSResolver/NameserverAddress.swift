import Glibc

/// An IPv4 name server address, checked before any C call sees it.
///
/// IPv4 only: glibc's `nsaddr_list` holds `sockaddr_in`, and the override exists for
/// tests and operators pointing at a resolver on a known address.
struct NameserverAddress: Sendable, Equatable {
    /// Network byte order, as `sockaddr_in` wants it.
    let address: UInt32
    let port: UInt16

    init(host: String, port: Int) throws(DNSError) {
        guard (1...65535).contains(port), host.utf8.count <= 15 else { throw .invalidNameserver }
        var parsed = in_addr()
        guard inet_pton(AF_INET, host, &parsed) == 1 else { throw .invalidNameserver }
        self.address = parsed.s_addr
        self.port = UInt16(port)
    }

    var socketAddress: sockaddr_in {
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = port.bigEndian
        socketAddress.sin_addr.s_addr = address
        return socketAddress
    }
}
