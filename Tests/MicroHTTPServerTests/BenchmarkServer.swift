import Foundation
import MicroHTTPServer
import Testing

/// Not a test: serves a trivial page for `Benchmarks/http-wrk.sh` to load with wrk.
/// Runs only when MICROHTTP_BENCH_PORT is set (the script sets it).
@Suite struct BenchmarkServer {
    private static let environment = ProcessInfo.processInfo.environment

    /// The responder under test: a small fixed HTML page, answered through the async path
    /// or, with MICROHTTP_BENCH_MODE=immediate, through the synchronous fast path.
    private struct Page: HTTPResponder {
        let immediate: Bool
        let body = Array("<!doctype html><title>hi</title><p>Hello, world</p>\n".utf8)

        var response: HTTPResponse {
            HTTPResponse(headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8")]), body: .bytes(body))
        }

        func respondImmediately(to request: HTTPRequest) -> HTTPResponse? { immediate ? response : nil }
        func respond(to request: HTTPRequest) async -> HTTPResponse { response }
    }

    @Test(.enabled(if: environment["MICROHTTP_BENCH_PORT"] != nil))
    func serveForBenchmark() async throws {
        let port = Int(Self.environment["MICROHTTP_BENCH_PORT"] ?? "") ?? 8099
        let seconds = Int(Self.environment["MICROHTTP_BENCH_SECONDS"] ?? "") ?? 15
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(host: "127.0.0.1", port: port, threadCount: 2),
            responder: Page(immediate: Self.environment["MICROHTTP_BENCH_MODE"] == "immediate")
        )
        try server.start()
        try await Task.sleep(for: .seconds(seconds))
        await server.shutdown()
    }
}
