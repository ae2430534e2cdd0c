import Glibc
import HTTPTestKit
import MicroHTTPServer
import Synchronization
import TestKit
import Testing

/// Echoes what the handler saw, one field per line.
private func echo(_ request: HTTPRequest) -> HTTPResponse {
    let headers = request.headers.map { "\($0.name)=\($0.value)" }.joined(separator: "|")
    let lines = [
        "method:\(request.method)", "path:\(request.path)", "query:\(request.query ?? "<nil>")",
        "version:\(request.version)", "remote:\(request.remoteAddress)", "headers:\(headers)",
    ]
    return HTTPResponse(contentType: "text/plain", text: lines.joined(separator: "\n"))
}

private func field(_ name: String, in response: RawHTTPResponse) -> String? {
    response.bodyText.split(separator: "\n").first { $0.hasPrefix("\(name):") }.map { String($0.dropFirst(name.count + 1)) }
}

/// Whether this machine can bind IPv6 loopback (some containers cannot).
private let ipv6LoopbackAvailable: Bool = {
    let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_addr = in6addr_loopback
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
    } == 0
}()

@Suite struct RequestTargetTests {
    @Test func percentEncodedPathReachesTheHandlerUndecoded() async throws {
        try await withLiveServer(responder: echo) { live in
            let response = try await live.exchange(get("/a%2fb/%2e%2e/%00"))
            #expect(field("path", in: response) == "/a%2fb/%2e%2e/%00")
            #expect(field("query", in: response) == "<nil>")
        }
    }

    @Test(arguments: [
        "q=a+b&x=%26&empty=&flag",
        "a=1&&b=2&a=3",
        "%3D%3F=%00&k=v=w",
        "",
        "?",
    ])
    func queryStringReachesTheHandlerExactlyAsSent(query: String) async throws {
        try await withLiveServer(responder: echo) { live in
            let response = try await live.exchange(get("/search?\(query)"))
            #expect(field("path", in: response) == "/search")
            #expect(field("query", in: response) == query)
        }
    }

    @Test func methodVersionAndHeadersArriveInOrder() async throws {
        try await withLiveServer(responder: echo) { live in
            let response = try await live.exchange(
                "PURGE /x HTTP/1.0\r\nHost: test\r\nX-B: 2\r\nx-a: 1\r\nX-B: 3\r\n\r\n"
            )
            #expect(field("method", in: response) == "PURGE")
            #expect(field("version", in: response) == "HTTP/1.0")
            #expect(field("headers", in: response) == "Host=test|X-B=2|x-a=1|X-B=3")
        }
    }

    @Test func remoteAddressIsThePeersIPv4Address() async throws {
        try await withLiveServer(responder: echo) { live in
            let response = try await live.exchange(get("/"))
            #expect(field("remote", in: response) == "127.0.0.1")
        }
    }

    @Test(.enabled(if: ipv6LoopbackAvailable))
    func ipv6ListenerReportsIPv6Peers() async throws {
        var configuration = LiveServer.configuration()
        configuration.host = "::1"
        try await withLiveServer(configuration, responder: echo) { live in
            let port = live.port
            let response = try await runOnDedicatedThread {
                let connection = try RawHTTPConnection(host: "::1", port: port)
                try connection.send(get("/"))
                return try connection.readResponse()
            }
            #expect(field("remote", in: response) == "::1")
        }
    }

    @Test(.enabled(if: ipv6LoopbackAvailable))
    func dualStackListenerAcceptsIPv4AndShowsPlainIPv4Addresses() async throws {
        var configuration = LiveServer.configuration()
        configuration.host = "::"
        try await withLiveServer(configuration, responder: echo) { live in
            let port = live.port
            let (viaIPv4, viaIPv6) = try await runOnDedicatedThread {
                let four = try RawHTTPConnection(host: "127.0.0.1", port: port)
                try four.send(get("/"))
                let six = try RawHTTPConnection(host: "::1", port: port)
                try six.send(get("/"))
                return (try four.readResponse(), try six.readResponse())
            }
            #expect(field("remote", in: viaIPv4) == "127.0.0.1")
            #expect(field("remote", in: viaIPv6) == "::1")
        }
    }
}
