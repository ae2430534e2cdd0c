import Glibc
import HTTPTestKit
import MicroHTTPServer
import Synchronization
import TestKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ShutdownTests {
    /// Sends a request on a new connection until one is answered 503 with
    /// `Connection: close` (the drain has begun); false if none is within 10 s.
    private func newConnectionsGet503(port: Int, path: String = "/new") async throws -> Bool {
        try await runOnDedicatedThread {
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: .seconds(10))
            while clock.now < deadline {
                let connection = try RawHTTPConnection(port: port)
                defer { connection.close() }
                try connection.send(get(path))
                let response = try connection.readResponse()
                if response.status == 503 {
                    return response.header("Connection")?.lowercased() == "close" && connection.waitForServerClose(within: .seconds(5))
                }
            }
            return false
        }
    }

    /// True once connecting is refused (the daemon has stopped and closed its port).
    private func connectingIsRefused(port: Int) throws -> Bool {
        do throws(RawHTTPError) {
            let connection = try RawHTTPConnection(port: port)
            connection.close()
            return false
        } catch {
            return error.code == .connect
        }
    }

    /// GETs `path` on its own thread with a 30 s read timeout, for handlers that are
    /// held open while the test shuts the server down.
    private func longRequest(port: Int, path: String) async throws -> RawHTTPResponse {
        try await runOnDedicatedThread {
            let connection = try RawHTTPConnection(port: port, timeout: .seconds(30))
            try connection.send(get(path))
            return try connection.readResponse()
        }
    }

    /// Requests answered in a task leave the in-flight list when they end, and those
    /// answered at once never join it: a shutdown after both abandons nothing.
    @Test func answeredRequestsAreNoLongerInFlightAtShutdown() async throws {
        let live = try LiveServer(immediate: { request in request.path == "/now" ? HTTPResponse(contentType: "text/plain", text: "now") : nil }) {
            _ in HTTPResponse(contentType: "text/plain", text: "later")
        }
        for path in ["/later", "/now", "/later", "/now", "/later"] {
            #expect(try await live.exchange(get(path)).status == 200)
        }
        await live.stop(gracePeriod: .seconds(3))
        #expect(!live.logs.contains { $0.contains("abandoning") }, "\(live.logs)")
    }

    @Test func inFlightRequestFinishesDuringGracefulShutdown() async throws {
        let started = AsyncGate()
        let release = AsyncGate()
        // Only /slow is held: a probe that arrives before the drain has begun is answered
        // at once (and the probing goes on until one gets the drain's 503).
        let live = try LiveServer(responder: { request in
            guard request.path == "/slow" else { return HTTPResponse(contentType: "text/plain", text: "not draining yet") }
            started.open()
            await release.wait()
            return HTTPResponse(contentType: "text/plain", text: "finished")
        })
        let port = live.port
        async let slow = longRequest(port: port, path: "/slow")
        #expect(await started.wait(timeout: .seconds(10)))
        let shutdown = Task { await live.stop(gracePeriod: .seconds(30)) }
        #expect(try await newConnectionsGet503(port: port))
        release.open()
        let response = try await slow
        #expect(response.status == 200)
        #expect(response.bodyText == "finished")
        await shutdown.value
        #expect(try connectingIsRefused(port: port))
    }

    @Test func keptAliveConnectionGets503AndCloseWhileDraining() async throws {
        let started = AsyncGate()
        let release = AsyncGate()
        let configuration = LiveServer.configuration(defaultHeaders: [("X-Server", "grain")])
        let live = try LiveServer(
            configuration,
            responder: { request in
                if request.path == "/slow" {
                    started.open()
                    await release.wait()
                }
                return HTTPResponse(contentType: "text/plain", text: "ok \(request.path)")
            })
        let port = live.port
        let keptAlive = try await runOnDedicatedThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send(get("/first"))
            return (connection, try connection.readResponse())
        }
        #expect(keptAlive.1.status == 200)
        async let slow = longRequest(port: port, path: "/slow")
        #expect(await started.wait(timeout: .seconds(10)))
        let shutdown = Task { await live.stop(gracePeriod: .seconds(30)) }
        #expect(try await newConnectionsGet503(port: port))
        let connection = keptAlive.0
        let (during, closed) = try await runOnDedicatedThread {
            try connection.send(get("/second"))
            let response = try connection.readResponse()
            return (response, connection.waitForServerClose(within: .seconds(5)))
        }
        #expect(during.status == 503)
        #expect(during.header("Connection")?.lowercased() == "close")
        #expect(during.header("X-Server") == "grain")
        #expect(closed)
        release.open()
        #expect(try await slow.status == 200)
        await shutdown.value
    }

    /// Answers on the fast path (`respondImmediately`) follow the drain like any other:
    /// once it has begun, new and kept-alive connections get 503 and close without the
    /// fast path being asked, and an in-flight async request still finishes.
    @Test func fastPathAnswersStopWhenTheDrainBegins() async throws {
        let started = AsyncGate()
        let release = AsyncGate()
        let fastCalls = Counter()
        let live = try LiveServer(
            immediate: { request in
                guard request.path == "/fast" else { return nil }
                fastCalls.increment()
                return HTTPResponse(contentType: "text/plain", text: "fast")
            },
            responder: { request in
                if request.path == "/slow" {
                    started.open()
                    await release.wait()
                }
                return HTTPResponse(contentType: "text/plain", text: "slow")
            })
        let port = live.port
        let keptAlive = try await runOnDedicatedThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send(get("/fast"))
            return (connection, try connection.readResponse())
        }
        #expect(keptAlive.1.status == 200)
        #expect(keptAlive.1.bodyText == "fast")
        async let slow = longRequest(port: port, path: "/slow")
        #expect(await started.wait(timeout: .seconds(10)))
        let shutdown = Task { await live.stop(gracePeriod: .seconds(30)) }
        #expect(try await newConnectionsGet503(port: port, path: "/fast"))
        let callsWhenDraining = fastCalls.value
        let connection = keptAlive.0
        let (during, closed) = try await runOnDedicatedThread {
            try connection.send(get("/fast"))
            let response = try connection.readResponse()
            return (response, connection.waitForServerClose(within: .seconds(5)))
        }
        #expect(during.status == 503)
        #expect(during.header("Connection")?.lowercased() == "close")
        #expect(closed)
        #expect(fastCalls.value == callsWhenDraining)
        release.open()
        let finished = try await slow
        #expect(finished.status == 200)
        #expect(finished.bodyText == "slow")
        await shutdown.value
        #expect(try connectingIsRefused(port: port))
    }

    @Test func shutdownEndsAfterTheGracePeriodWhenAHandlerNeverFinishes() async throws {
        let started = AsyncGate()
        let release = AsyncGate()
        let finishedLate = AsyncGate()
        let live = try LiveServer(responder: { _ in
            started.open()
            await release.wait()
            finishedLate.open()
            return HTTPResponse(contentType: "text/plain", text: "too late")
        })
        let port = live.port
        async let stuck = longRequest(port: port, path: "/stuck")
        #expect(await started.wait(timeout: .seconds(10)))
        await live.stop(gracePeriod: .milliseconds(300))
        // The abandoned client is answered 503: shutdown lets the daemon send that before
        // it closes the connections.
        let response = try await stuck
        #expect(response.status == 503)
        #expect(live.logs.contains { $0.contains("abandoning 1 request") })
        // The abandoned handler may still finish; its late result must be dropped safely.
        release.open()
        #expect(await finishedLate.wait(timeout: .seconds(10)))
    }
}

/// A count shared between a server's threads and the test.
private final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}
