import Foundation
import HTTPTestKit
import MicroHTTPServer
import Testing

@Suite struct ServerLifecycleTests {
    private func makeServer(_ configuration: HTTPServerConfiguration) -> HTTPServer {
        HTTPServer(configuration: configuration, responder: ClosureResponder { _ in HTTPResponse() })
    }

    @Test func portZeroBindsAFreePortAndStartingTwiceFails() async throws {
        let server = makeServer(LiveServer.configuration())
        #expect(server.port == 0)
        try server.start()
        let port = server.port
        #expect(port > 0)
        #expect(throws: HTTPServerError.self) { try server.start() }
        await server.shutdown()
        await server.shutdown()
        #expect(server.port == port)
        #expect(throws: HTTPServerError.self) { try server.start() }
    }

    /// A server that never started has nothing to drain: shutdown returns without waiting
    /// out its grace period and leaves the server as it was, still able to start.
    @Test func shutdownBeforeStartReturnsAtOnce() async throws {
        let server = makeServer(LiveServer.configuration())
        let elapsed = await ContinuousClock().measure { await server.shutdown(gracePeriod: .seconds(60)) }
        #expect(elapsed < .seconds(30), "shutdown waited \(elapsed) for a server that never started")
        #expect(server.port == 0)
        try server.start()
        #expect(server.port > 0)
        await server.shutdown()
    }

    @Test func portInUseFailsToStart() async throws {
        let first = makeServer(LiveServer.configuration())
        try first.start()
        var configuration = LiveServer.configuration()
        configuration.port = first.port
        let second = makeServer(configuration)
        do {
            try second.start()
            Issue.record("a second server bound the same port")
            await second.shutdown()
        } catch {
            #expect(error.code == .startFailed)
        }
        await first.shutdown()
    }

    @Test func hostNameIsAnInvalidAddress() throws {
        var configuration = LiveServer.configuration()
        configuration.host = "localhost"
        do {
            try makeServer(configuration).start()
            Issue.record("started with a host name")
        } catch {
            #expect(error.code == .invalidAddress)
        }
    }

    @Test(
        arguments: [
            { (c: inout HTTPServerConfiguration) in c.threadCount = 0 },
            { (c: inout HTTPServerConfiguration) in c.temporaryDirectory = "/nonexistent/dir" },
            { (c: inout HTTPServerConfiguration) in c.connectionMemoryLimit = 100 },
            { (c: inout HTTPServerConfiguration) in c.maxBodyBytes = -1 },
        ] as [@Sendable (inout HTTPServerConfiguration) -> Void])
    func invalidConfigurationFailsToStart(change: @Sendable (inout HTTPServerConfiguration) -> Void) {
        var configuration = LiveServer.configuration()
        change(&configuration)
        do {
            try makeServer(configuration).start()
            Issue.record("started with an invalid configuration")
        } catch {
            #expect(error.code == .startFailed)
        }
    }
}
