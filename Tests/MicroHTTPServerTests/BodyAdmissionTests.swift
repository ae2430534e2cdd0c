import HTTPTestKit
import MicroHTTPServer
import Synchronization
import TestKit
import Testing

/// Bodies are stored only when the responder wants them, within a shared disk budget
/// and a time limit, whatever the client sends.
@Suite struct BodyAdmissionTests {
    /// Counts handler calls, to show that a refused body never reached the responder.
    final class Calls: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func record() { count.withLock { $0 += 1 } }
    }

    @Test func aBodyTheResponderRefusesIsAnsweredFromTheHeadAndNeverStored() async throws {
        let calls = Calls()
        let live = try LiveServer(
            LiveServer.configuration(maxBodyBytes: 20 << 20),
            admit: { head in
                head.path == "/wanted"
                    ? .accept(maxBytes: .max, timeLimit: .seconds(60)) : .refuse(HTTPResponse(status: .forbidden, contentType: "text/plain", text: "not here"))
            },
            responder: { _ in
                calls.record()
                return HTTPResponse(contentType: "text/plain", text: "ok")
            })
        let port = live.port
        let (response, closed) = try await runOnDedicatedThread {
            let connection = try RawHTTPConnection(port: port)
            // Announce 10 MB and send only the head: the answer must not wait for it.
            try connection.send("POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 10000000\r\n\r\n")
            return (try connection.readResponse(), connection.waitForServerClose(within: .seconds(5)))
        }
        #expect(response.status == 403)
        #expect(response.bodyText == "not here")
        #expect(closed)
        #expect(calls.value == 0)
        #expect(try live.temporaryFiles().isEmpty)
        let wanted = try await live.exchange("POST /wanted HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc")
        #expect(wanted.status == 200)
        #expect(calls.value == 1)
        await live.stop()
    }

    @Test func theRoutesLimitAppliesToDeclaredLengths() async throws {
        let live = try LiveServer(admit: { _ in .accept(maxBytes: 10, timeLimit: .seconds(60)) }, responder: { _ in HTTPResponse() })
        let over = try await live.exchange("POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 11\r\n\r\n01234567890")
        #expect(over.status == 413)
        let within = try await live.exchange("POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\n0123456789")
        #expect(within.status == 200)
        await live.stop()
    }

    @Test func bodiesThatDoNotFitTheSpoolBudgetGet503UntilSpaceIsReturned() async throws {
        var configuration = LiveServer.configuration(maxBodyBytes: 1 << 20, memoryBodyLimit: 1024)
        configuration.spoolLimitBytes = 100_000
        let live = try LiveServer(
            configuration,
            responder: { request in
                HTTPResponse(contentType: "text/plain", text: "\(request.body.count)")
            })
        let port = live.port
        // Too large for the whole budget: refused before any byte.
        let tooLarge = try await live.exchange("POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 200000\r\n\r\n")
        #expect(tooLarge.status == 503)
        // One upload in progress holds the 60 000 bytes it has sent; a second declaring
        // 60 000 does not fit beside them.
        let held = try await runOnDedicatedThread { () -> RawHTTPConnection in
            let connection = try RawHTTPConnection(port: port)
            try connection.send("POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 70000\r\n\r\n" + String(repeating: "a", count: 60_000))
            return connection
        }
        #expect(try await eventually { try live.spooledBytes() == 60_000 }, "the first upload never reached the spool")
        let second = try await live.exchange("POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 60000\r\n\r\n")
        #expect(second.status == 503)
        // Finishing the first returns its space: a third now fits.
        let first = try await runOnDedicatedThread {
            try held.send(String(repeating: "a", count: 10_000))
            return try held.readResponse()
        }
        #expect(first.status == 200)
        #expect(first.bodyText == "70000")
        held.close()
        let body = String(repeating: "c", count: 60_000)
        // The first request's space returns when MHD reports it completed, just after its response.
        let fits = try await eventually {
            try await live.exchange("POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 60000\r\n\r\n" + body).status == 200
        }
        #expect(fits)
        await live.stop()
    }
}
