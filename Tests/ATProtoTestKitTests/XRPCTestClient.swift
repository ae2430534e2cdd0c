import ATProtoTestKit
import CurlHTTPClient
import Foundation
import TestKit

/// A thin XRPC client over the project's `HTTPClient`, for talking to the fake and the
/// reference PDS in these tests. Every request is bounded so a hang fails the test.
struct XRPCTestClient {
    /// One answer: status, headers, raw body, and the body as JSON when it is.
    struct Answer {
        let status: Int
        let headers: HTTPHeaders
        let body: [UInt8]
        var json: JSONValue? { try? JSONValue(parsing: body) }
        var errorName: String? { json?["error"]?.stringValue }
    }

    let http: HTTPClient
    let baseURL: String

    func get(_ nsid: String, _ parameters: [(String, String)] = [], token: String? = nil) async throws -> Answer {
        let query = parameters.map { "\($0.0)=\(Self.escape($0.1))" }.joined(separator: "&")
        return try await send(
            HTTPClientRequest(
                method: "GET", url: "\(baseURL)/xrpc/\(nsid)" + (query.isEmpty ? "" : "?" + query),
                headers: Self.headers(token: token)))
    }

    func post(_ nsid: String, _ input: JSONValue? = nil, token: String? = nil) async throws -> Answer {
        var headers = Self.headers(token: token)
        if input != nil { headers.add("Content-Type", "application/json") }
        return try await send(
            HTTPClientRequest(
                method: "POST", url: "\(baseURL)/xrpc/\(nsid)", headers: headers, body: input.map { .bytes($0.serialized) }))
    }

    func upload(_ bytes: [UInt8], mimeType: String, token: String?, timeout: Duration? = nil) async throws -> Answer {
        var headers = Self.headers(token: token)
        headers.add("Content-Type", mimeType)
        return try await send(
            HTTPClientRequest(
                method: "POST", url: "\(baseURL)/xrpc/com.atproto.repo.uploadBlob", headers: headers, body: .bytes(bytes),
                timeout: timeout))
    }

    /// Signs in; returns the session answer's JSON (tokens, did, handle).
    func signIn(_ identifier: String, _ password: String) async throws -> JSONValue {
        let answer = try await post("com.atproto.server.createSession", ["identifier": .string(identifier), "password": .string(password)])
        guard answer.status == 200, let session = answer.json else { throw Unexpected(answer: answer) }
        return session
    }

    func send(_ request: HTTPClientRequest) async throws -> Answer {
        let response = try await outcome(request).get()
        return Answer(status: response.status, headers: response.headers, body: response.body)
    }

    /// The response or the transport error, failing (by throwing) only on a hang.
    func outcome(_ request: HTTPClientRequest) async throws -> Result<HTTPClientResponse, HTTPClientError> {
        let http = self.http
        return try await withDeadline(.seconds(30)) {
            do throws(HTTPClientError) {
                return .success(try await http.execute(request))
            } catch {
                return .failure(error)
            }
        }
    }

    static func headers(token: String?) -> HTTPHeaders {
        var headers = HTTPHeaders()
        if let token { headers.add("Authorization", "Bearer \(token)") }
        return headers
    }

    static func escape(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? value
    }

    struct Unexpected: Error, CustomStringConvertible {
        let answer: Answer
        var description: String { "unexpected answer \(answer.status): \(String(decoding: answer.body, as: UTF8.self))" }
    }
}

/// A fake PDS and a client for it, both stopped when `body` ends.
func withFakePDS<T>(
    accounts: [FakePDS.Account] = [.alice, .bob],
    configuration: FakePDSCore.Configuration = FakePDSCore.Configuration(),
    clock: @escaping @Sendable () -> Date = { Date() },
    _ body: (FakePDS, XRPCTestClient) async throws -> T
) async throws -> T {
    let pds = try FakePDS(accounts: accounts, configuration: configuration, clock: clock)
    defer { pds.stop() }
    let http = HTTPClient(configuration: HTTPClientConfiguration(totalTimeout: .seconds(20)))
    do {
        let result = try await body(pds, XRPCTestClient(http: http, baseURL: pds.baseURL))
        await http.shutdown()
        return result
    } catch {
        await http.shutdown()
        throw error
    }
}

/// The claims of a JWT, decoded independently of the fake's own token code.
func jwtClaims(_ token: String) -> JSONValue? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    return Data(base64Encoded: base64).flatMap { try? JSONValue(parsing: Array($0)) }
}
