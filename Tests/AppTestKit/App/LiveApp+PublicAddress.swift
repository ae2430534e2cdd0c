import ATProtoTestKit
import Foundation
import Glibc
package import GrainStoriesWeb
import MicroHTTPServer
package import TestKit

extension LiveApp {
    /// A live app that knows its own address before it starts: `--public-url` is
    /// `http://127.0.0.1:<port>` on the port it listens on (OAuth publishes its client
    /// metadata there, and authorization servers fetch it and redirect back to it).
    ///
    /// The port is one the kernel just handed out and released; if something else takes
    /// it before the app binds it, starting fails and another port is tried, so the race
    /// costs a retry, never a wrong answer.
    package static func startAtKnownAddress(
        appViewURL: String, clock: MovableClock? = nil, _ configure: @escaping (inout AppConfiguration) -> Void = { _ in }
    ) async throws -> LiveApp {
        var lastError: (any Error)?
        for _ in 0..<5 {
            let port = try freeLoopbackPort()
            do {
                return try await LiveApp.start(appViewURL: appViewURL, clock: clock) { configuration in
                    configuration.port = port
                    configuration.publicURL = "http://127.0.0.1:\(port)"
                    configure(&configuration)
                }
            } catch let error as HTTPServerError where error.code == .startFailed {
                lastError = error
            }
        }
        throw lastError ?? HTTPServerError(.startFailed, "no free port")
    }

    /// A TCP port on 127.0.0.1 that was free a moment ago.
    package static func freeLoopbackPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HTTPServerError(.startFailed, "no free loopback port: errno \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw HTTPServerError(.startFailed, "no free loopback port: errno \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw HTTPServerError(.startFailed, "no free loopback port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
