import Glibc

/// A loopback UDP port where datagrams are refused at once (ICMP port unreachable):
/// the socket holds the port, so no one else can take it while this value lives, but
/// it is connected to another peer, so the kernel delivers it nothing from anyone else.
package final class RefusingUDPPort: Sendable {
    package let port: Int
    private let descriptor: Int32

    package init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw TestSocket.Failure(call: "socket", code: errno) }
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        var local = TestSocket.loopbackAddress(port: 0)
        var peer = TestSocket.loopbackAddress(port: 9)  // discard: nothing is sent there
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
        let connected =
            bound == 0 ? withUnsafePointer(to: &peer) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, length) } } : -1
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw TestSocket.Failure(call: bound == 0 ? "connect" : "bind", code: code)
        }
        var actual = sockaddr_in()
        var actualLength = length
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualLength) } }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: actual.sin_port))
    }

    deinit { close(descriptor) }
}
