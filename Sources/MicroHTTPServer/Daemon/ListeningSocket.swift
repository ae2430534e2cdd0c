import CMicroHTTPD
import Glibc

/// The server's bound, listening TCP socket, made here rather than by libmicrohttpd so
/// that `AcceptLoop` can accept from it as fast as clients arrive (see there).
///
/// Non-blocking and close-on-exec; `SO_REUSEADDR` so a restart can bind at once while
/// old connections sit in TIME_WAIT (as libmicrohttpd did). "::" binds dual-stack.
/// `MHDDaemon` owns it and closes it once, after the daemon has stopped.
struct ListeningSocket {
    let descriptor: Int32
    /// The bound port (the kernel's choice when 0 was asked for).
    let port: Int

    /// The queue of connections the kernel completes before they are accepted: the
    /// system's maximum (`net.core.somaxconn` caps it), as libmicrohttpd used.
    static let backlog = SOMAXCONN

    init(address: SocketAddress, description: String) throws(HTTPServerError) {
        let domain = address.family == .ipv6 ? AF_INET6 : AF_INET
        let descriptor = socket(domain, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Self.failure(description, "socket") }
        func option(_ level: Int32, _ name: Int32, _ value: Int32) -> Bool {
            var value = value
            return setsockopt(descriptor, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0
        }
        var ready = option(SOL_SOCKET, SO_REUSEADDR, 1)
        if ready, address.isIPv6Unspecified {
            // Dual-stack whatever `net.ipv6.bindv6only` says; a specific address has one family anyway.
            ready = option(Int32(IPPROTO_IPV6), IPV6_V6ONLY, 0)
        }
        if ready {
            ready = address.withSockaddrPointer { bind(descriptor, $0, Self.length(of: address)) } == 0
        }
        if ready { ready = listen(descriptor, Self.backlog) == 0 }
        var bound = sockaddr_storage()
        var boundLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        if ready {
            ready =
                withUnsafeMutablePointer(to: &bound) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &boundLength) }
                } == 0
        }
        guard ready else {
            let error = Self.failure(description, nil)
            Glibc.close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        self.port = withUnsafeBytes(of: bound) { raw in
            Int(
                UInt16(
                    bigEndian: Int32(bound.ss_family) == AF_INET6
                        ? raw.load(as: sockaddr_in6.self).sin6_port : raw.load(as: sockaddr_in.self).sin_port
                )
            )
        }
    }

    /// Stops listening: clients still in the kernel's queue are reset.
    func close() { _ = Glibc.close(descriptor) }

    private static func length(of address: SocketAddress) -> socklen_t {
        socklen_t(address.family == .ipv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
    }

    private static func failure(_ description: String, _ call: String?) -> HTTPServerError {
        let reason = String(cString: strerror(errno))
        return HTTPServerError(.startFailed, "could not listen on \(description) (\(call.map { "\($0): " } ?? "")\(reason))")
    }
}
