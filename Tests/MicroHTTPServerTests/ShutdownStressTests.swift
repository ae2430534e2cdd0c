import Foundation
import HTTPTestKit
import MicroHTTPServer
import Synchronization
import TestKit
import Testing

/// Start → traffic → shutdown, over and over, in one process.
///
/// libmicrohttpd 0.9.75 aborts the whole process ("Failed to remove listen FD from epoll
/// set") when `MHD_quiesce_daemon` races its epoll worker threads, which the server used
/// to call on every shutdown. The suite runs a few dozen cycles; `scripts/stress-shutdown`
/// runs thousands by setting `GRAIN_STORIES_STRESS_CYCLES`. A regression shows up as the
/// test process dying, which fails the run as surely as an assertion.
@Suite(.serialized) struct ShutdownStressTests {
    static var cycles: Int {
        ProcessInfo.processInfo.environment["GRAIN_STORIES_STRESS_CYCLES"].flatMap(Int.init) ?? 30
    }

    @Test(.timeLimit(.minutes(60))) func startTrafficAndShutdownRepeatedlyNeverAborts() async throws {
        for cycle in 0..<Self.cycles {
            try await runCycle(cycle)
        }
    }

    /// One cycle: a four-thread server, four clients hammering it on new and kept-alive
    /// connections (one of them answered on the synchronous fast path), and a shutdown
    /// while they do. Clients keep going until the port is closed, so requests arrive
    /// during the drain and the stop.
    private func runCycle(_ cycle: Int) async throws {
        var configuration = LiveServer.configuration()
        configuration.threadCount = 4
        let live = try LiveServer(
            configuration,
            immediate: { request in
                request.path == "/fast" ? HTTPResponse(contentType: "text/plain", text: "fast") : nil
            },
            responder: { request in
                if request.path == "/yield" { await Task.yield() }
                return HTTPResponse(contentType: "text/plain", text: "ok")
            })
        let port = live.port
        let traffic = TrafficRecord()
        let clients = [("/", true), ("/", false), ("/yield", false), ("/fast", true)].map { path, keepAlive in
            ClientThread(port: port, keepAlive: keepAlive, path: path, record: traffic)
        }
        for client in clients { client.start() }
        // Shut down only once traffic is really flowing (a condition, bounded).
        #expect(await eventually(checkingEvery: .milliseconds(1)) { traffic.answered >= 6 }, "cycle \(cycle): no traffic reached the server")
        await live.stop(gracePeriod: .seconds(2))
        try await runOnDedicatedThread { for client in clients { client.join() } }
        let unexpected = traffic.unexpectedStatuses
        #expect(unexpected.isEmpty, "cycle \(cycle): statuses other than 200/503: \(unexpected)")
    }
}

/// What the clients of one cycle saw.
private final class TrafficRecord: Sendable {
    private struct Counts {
        var answered = 0
        var unexpected: [Int] = []
    }

    private let counts = Mutex(Counts())

    var answered: Int { counts.withLock { $0.answered } }
    var unexpectedStatuses: [Int] { counts.withLock { $0.unexpected } }

    func record(status: Int) {
        counts.withLock { counts in
            counts.answered += 1
            if status != 200 && status != 503 { counts.unexpected.append(status) }
        }
    }
}

/// A blocking client on its own thread that sends GETs until connecting is refused
/// (the server stopped); closed or reset connections during shutdown are expected.
private final class ClientThread: Sendable {
    let port: Int
    let keepAlive: Bool
    let path: String
    let record: TrafficRecord
    private let finished = DispatchSemaphore(value: 0)

    init(port: Int, keepAlive: Bool, path: String, record: TrafficRecord) {
        self.port = port
        self.keepAlive = keepAlive
        self.path = path
        self.record = record
    }

    func start() {
        Thread { [self] in
            run()
            finished.signal()
        }.start()
    }

    func join() { finished.wait() }

    private func run() {
        let request = "GET \(path) HTTP/1.1\r\nHost: stress\r\n\r\n"
        while true {
            let connection: RawHTTPConnection
            do throws(RawHTTPError) {
                connection = try RawHTTPConnection(port: port, timeout: .seconds(10))
            } catch {
                if error.code == .connect { return }
                continue
            }
            repeat {
                do throws(RawHTTPError) {
                    try connection.send(request)
                    let response = try connection.readResponse()
                    record.record(status: response.status)
                    if response.status == 503 { break }
                } catch {
                    break
                }
            } while keepAlive
            connection.close()
        }
    }
}
