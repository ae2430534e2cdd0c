import Foundation
import MicroHTTPServer
import Synchronization
import TestKit

/// A stand-in for a Nominatim server on 127.0.0.1 (port 0), served by the project's
/// own HTTP server. It answers `/reverse` and `/search` with realistic example
/// responses (`Fixtures/nominatim-*.json`), records every request with its User-Agent,
/// and can be switched to failure modes.
///
/// Reverse answers by area: around Powell's City of Books in Portland (45.52…45.53,
/// −122.69…−122.67) the bookshop; around Bend, Oregon (44.0…44.1) the city; around
/// Sisters, Oregon (44.2…44.4) a house without a `name`; anywhere else (the ocean)
/// `{"error":"Unable to geocode"}`. Search answers two Powell's bookshops for a query
/// containing "powell" and `[]` otherwise.
package final class StandInNominatim: Sendable {
    /// What the next requests get.
    package enum Mode: Sendable, Equatable {
        case normal
        /// 200 with a body that is not JSON.
        case garbage
        /// 500 with an HTML error page.
        case serverError
        /// Answers normally, but only after this long (longer than the client waits).
        case slow(Duration)
        /// 200 with a valid but oversized JSON body of about this many bytes.
        case huge(Int)
    }

    /// One request as it arrived.
    package struct Request: Sendable, Equatable {
        package let path: String
        package let parameters: [String: String]
        package let userAgent: String?
    }

    private struct State {
        var mode: Mode = .normal
        var requests: [Request] = []
        var stopping = false
    }

    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    private let server: HTTPServer
    private let shared = Shared()

    package var baseURL: String { "http://127.0.0.1:\(server.port)" }

    package init() throws {
        let box = ResponderBox()
        server = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threadCount: 2), responder: box)
        try server.start()
        box.set { [shared] request in await StandInNominatim.respond(to: request, shared: shared) }
    }

    package func setMode(_ mode: Mode) { shared.state.withLock { $0.mode = mode } }

    /// Every request so far, in arrival order.
    package var requests: [Request] { shared.state.withLock { $0.requests } }

    package func stop() async {
        shared.state.withLock { $0.stopping = true }
        await server.shutdown(gracePeriod: .seconds(2))
    }

    private static func respond(to request: HTTPRequest, shared: Shared) async -> HTTPResponse {
        let parameters = parse(request.query ?? "")
        let mode = shared.state.withLock { state -> Mode in
            state.requests.append(Request(path: request.path, parameters: parameters, userAgent: request.headers["User-Agent"]))
            return state.mode
        }
        switch mode {
        case .normal: break
        case .garbage: return reply(200, "<html><body>Nominatim is having a bad day</body></html>")
        case .serverError: return reply(500, "<html><body>Internal Server Error</body></html>")
        case .slow(let delay):
            // Waits in short steps so `stop()` is not held up by a sleeping handler.
            let deadline = ContinuousClock.now + delay
            while ContinuousClock.now < deadline, !shared.state.withLock({ $0.stopping }) {
                try? await Task.sleep(for: .milliseconds(20))
            }
        case .huge(let bytes):
            let filler = String(repeating: "x", count: max(0, bytes))
            return reply(200, #"{"lat":"45.5","lon":"-122.6","name":"Huge","display_name":"Huge","extratags":{"note":"\#(filler)"}}"#)
        }
        switch request.path {
        case "/reverse": return reverse(parameters)
        case "/search":
            let query = (parameters["q"] ?? "").lowercased()
            return query.contains("powell") ? fixture("nominatim-search-powells") : reply(200, "[]")
        default: return reply(404, #"{"error":"Unknown endpoint"}"#)
        }
    }

    private static func reverse(_ parameters: [String: String]) -> HTTPResponse {
        guard let lat = parameters["lat"].flatMap(Double.init), let lon = parameters["lon"].flatMap(Double.init) else {
            return reply(400, #"{"error":{"code":400,"message":"Parameter 'lat' missing."}}"#)
        }
        switch (lat, lon) {
        case (45.52...45.53, -122.69 ... -122.67): return fixture("nominatim-reverse-powells")
        case (44.0...44.1, -121.4 ... -121.2): return fixture("nominatim-reverse-city")
        case (44.2...44.4, -121.6 ... -121.5): return fixture("nominatim-reverse-unnamed")
        default: return reply(200, #"{"error":"Unable to geocode"}"#)
        }
    }

    private static func parse(_ query: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ") }
            let name = parts[0].removingPercentEncoding ?? parts[0]
            result[name] = parts.count > 1 ? (parts[1].removingPercentEncoding ?? parts[1]) : ""
        }
        return result
    }

    private static func fixture(_ name: String) -> HTTPResponse {
        reply(200, String(decoding: Fixtures.data(name), as: UTF8.self))
    }

    private static func reply(_ status: Int, _ body: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("Content-Type", status == 200 || body.hasPrefix("{") ? "application/json; charset=utf-8" : "text/html")
        return HTTPResponse(status: HTTPStatus(status), headers: headers, body: .bytes(Array(body.utf8)))
    }
}
