public import CurlHTTPClient
public import Foundation
import GrainSupport

/// Calls XRPC methods (`/xrpc/{nsid}`) on one server: queries with GET and URL
/// parameters, procedures with POST and a JSON or binary body. Error answers become
/// `XRPCError.remote` with the server's error name and message; transport and
/// decoding failures keep their typed cause.
public struct XRPCClient: Sendable {
    public let baseURL: String
    private let http: OutboundHTTP

    public init(baseURL: String, http: OutboundHTTP) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.http = http
    }

    /// A query: `GET /xrpc/{nsid}?{parameters}` decoded as `Output`.
    public func query<Output: Decodable>(
        _ nsid: String, _ parameters: [(String, String)] = [], as output: Output.Type,
        headers: [(String, String)] = [], timeout: Duration? = nil
    ) async throws(XRPCError) -> Output {
        var url = "\(baseURL)/xrpc/\(nsid)"
        if !parameters.isEmpty {
            url += "?" + parameters.map { PercentEncoding.encodeComponent($0.0) + "=" + PercentEncoding.encodeComponent($0.1) }.joined(separator: "&")
        }
        let response = try await send(HTTPClientRequest(method: "GET", url: url, headers: HTTPHeaders(headers + [("Accept", "application/json")]), timeout: timeout))
        return try decode(output, response)
    }

    /// A procedure with a JSON body.
    public func procedure<Input: Encodable, Output: Decodable>(
        _ nsid: String, json input: Input, as output: Output.Type, headers: [(String, String)] = [], timeout: Duration? = nil
    ) async throws(XRPCError) -> Output {
        let body: Data
        do { body = try JSONEncoder.atproto.encode(input) } catch { throw XRPCError.unencodable(DecodingProblem(error)) }
        return try await procedure(nsid, body: .bytes(Array(body)), contentType: "application/json", as: output, headers: headers, timeout: timeout)
    }

    /// A procedure with a raw body (for example `uploadBlob`).
    public func procedure<Output: Decodable>(
        _ nsid: String, body: HTTPClientRequest.Body?, contentType: String?, as output: Output.Type,
        headers: [(String, String)] = [], timeout: Duration? = nil
    ) async throws(XRPCError) -> Output {
        var fields = headers + [("Accept", "application/json")]
        if let contentType { fields.append(("Content-Type", contentType)) }
        let response = try await send(HTTPClientRequest(method: "POST", url: "\(baseURL)/xrpc/\(nsid)", headers: HTTPHeaders(fields), body: body, timeout: timeout))
        return try decode(output, response)
    }

    private func send(_ request: HTTPClientRequest) async throws(XRPCError) -> HTTPClientResponse {
        let response: HTTPClientResponse
        do { response = try await http.send(request) } catch { throw XRPCError.transport(error) }
        guard (200..<300).contains(response.status) else {
            let body = try? JSONDecoder().decode(ErrorBody.self, from: Data(response.body))
            throw XRPCError.remote(status: response.status, error: body?.error, message: body?.message)
        }
        return response
    }

    private func decode<Output: Decodable>(_ type: Output.Type, _ response: HTTPClientResponse) throws(XRPCError) -> Output {
        if Output.self == EmptyResponse.self, let empty = EmptyResponse() as? Output { return empty }
        do {
            return try JSONDecoder().decode(type, from: Data(response.body))
        } catch {
            throw XRPCError.undecodable(DecodingProblem(error))
        }
    }

    /// `{"error": "...", "message": "..."}`, both optional.
    private struct ErrorBody: Decodable {
        var error: String?
        var message: String?
    }
}

/// For procedures whose answer we do not need.
public struct EmptyResponse: Codable, Sendable {
    public init() {}
}

extension JSONEncoder {
    /// Stable key order (easier to test and log) and `/` unescaped (AT URIs, URLs).
    public static var atproto: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
