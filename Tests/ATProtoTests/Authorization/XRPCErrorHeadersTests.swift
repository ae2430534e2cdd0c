import ATProto
import CurlHTTPClient
import HTTPTestKit
import Testing

/// An error answer keeps its header fields, so what a server asks of the client (a
/// challenge, a nonce) reaches whoever decides on it; equality stays about what the
/// failure means.
@Suite struct XRPCErrorHeadersTests {
    @Test func anErrorAnswerKeepsItsStatusNameMessageAndHeaders() async throws {
        let server = try ScriptedHTTPServer { _ in
            .respond(
                ScriptedHTTPServer.Response(
                    status: 401,
                    headers: [
                        ("Content-Type", "application/json"), ("WWW-Authenticate", #"Bearer error="invalid_token""#), ("DPoP-Nonce", "n-1"),
                    ], payload: .bytes(Array(#"{"error":"AuthenticationRequired","message":"Token expired"}"#.utf8))))
        }
        defer { server.stop() }
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])
        var failure: XRPCError?
        do throws(XRPCError) {
            _ = try await XRPCClient(baseURL: server.baseURL, http: http).query(.getRecord, as: EmptyResponse.self)
        } catch {
            failure = error
        }
        await http.shutdown()
        let error = try #require(failure)
        #expect(error.status == 401)
        #expect(error.errorName == "AuthenticationRequired")
        #expect(error.headers?["WWW-Authenticate"] == #"Bearer error="invalid_token""#)
        #expect(error.headers?["dpop-nonce"] == "n-1")
        #expect(error.description == "HTTP 401 AuthenticationRequired: Token expired", "headers stay out of what is shown")
    }

    @Test func errorsThatDifferOnlyInTheirHeadersAreEqual() {
        let first = XRPCError.remote(status: 500, error: "InternalServerError", message: nil, headers: [("Date", "Mon, 1 Dec 2026 10:00:00 GMT")])
        let second = XRPCError.remote(status: 500, error: "InternalServerError", message: nil, headers: [("Date", "Mon, 1 Dec 2026 10:00:01 GMT")])
        #expect(first == second)
        #expect(first != .remote(status: 502, error: "InternalServerError", message: nil))
        #expect(first != .remote(status: 500, error: "UpstreamFailure", message: nil))
        #expect(first != .remote(status: 500, error: "InternalServerError", message: "down"))
        #expect(XRPCError.transport(.refusedURL) != first)
    }
}
