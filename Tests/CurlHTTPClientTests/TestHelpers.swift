import CurlHTTPClient
import HTTPTestKit
import TestKit

/// How long any single request in these tests may take before the test fails; far
/// above every timeout configured here, so it only trips on a hang.
let requestBound: Duration = .seconds(20)

/// Runs `request` on `client`, failing the test (by throwing) if it hangs.
func outcome(
    of request: HTTPClientRequest,
    on client: HTTPClient
) async throws -> Result<HTTPClientResponse, HTTPClientError> {
    try await withDeadline(requestBound) {
        do throws(HTTPClientError) {
            return .success(try await client.execute(request))
        } catch {
            return .failure(error)
        }
    }
}

/// The error `request` failed with, or nil if it succeeded.
func failure(of request: HTTPClientRequest, on client: HTTPClient) async throws -> HTTPClientError? {
    if case .failure(let error) = try await outcome(of: request, on: client) { return error }
    return nil
}

/// A client with test-friendly defaults, shut down by `body`'s end.
func withClient<T>(
    _ configuration: HTTPClientConfiguration = HTTPClientConfiguration(),
    _ body: (HTTPClient) async throws -> T
) async throws -> T {
    let client = HTTPClient(configuration: configuration)
    do {
        let result = try await body(client)
        await client.shutdown()
        return result
    } catch {
        await client.shutdown()
        throw error
    }
}

/// A scripted server stopped when `body` ends.
func withServer<T>(
    _ handler: @escaping ScriptedHTTPServer.Handler,
    _ body: (ScriptedHTTPServer) async throws -> T
) async throws -> T {
    let server = try ScriptedHTTPServer(handler)
    defer { server.stop() }
    return try await body(server)
}

/// Answers every request with its own body and `X-Path`/`X-Method` headers.
let echoHandler: ScriptedHTTPServer.Handler = { request in
    .respond(
        ScriptedHTTPServer.Response(
            headers: [("X-Method", request.method), ("X-Path", request.target)],
            payload: .bytes(request.body)))
}

/// The response to `request`, throwing its error if it failed.
func response(to request: HTTPClientRequest, on client: HTTPClient) async throws -> HTTPClientResponse {
    try await outcome(of: request, on: client).get()
}
