package import CurlHTTPClient
package import FoundationEssentials
import GrainSupport

/// Calls XRPC methods (`/xrpc/{nsid}`) on one server: queries with GET and URL
/// parameters, procedures with POST and a JSON or binary body. Error answers become
/// `XRPCError.remote` with the server's status, error name, message and header fields;
/// transport and decoding failures keep their typed cause. `exchange` hands back any
/// answer as it is, for callers whose authorizer decides what an answer means.
package struct XRPCClient: Sendable {
    package let baseURL: String
    private let http: OutboundHTTP

    package init(baseURL: String, http: OutboundHTTP) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.http = http
    }

    /// A query: `GET /xrpc/{method}?{parameters}` decoded as `Output`.
    package func query<Output: Decodable>(
        _ method: XRPCMethod, _ parameters: [(String, String)] = [], as output: Output.Type,
        headers: [(String, String)] = [], timeout: Duration? = nil
    ) async throws(XRPCError) -> Output {
        try XRPCClient.output(of: try await exchange(queryRequest(method, parameters, headers: headers, timeout: timeout)), as: output)
    }

    /// A procedure with a JSON body.
    package func procedure<Input: Encodable, Output: Decodable>(
        _ method: XRPCMethod, json input: Input, as output: Output.Type, headers: [(String, String)] = [], timeout: Duration? = nil
    ) async throws(XRPCError) -> Output {
        try await procedure(method, body: try XRPCClient.jsonBody(input), contentType: "application/json", as: output, headers: headers, timeout: timeout)
    }

    /// A procedure with a raw body (for example `uploadBlob`).
    package func procedure<Output: Decodable>(
        _ method: XRPCMethod, body: HTTPClientRequest.Body?, contentType: String?, as output: Output.Type,
        headers: [(String, String)] = [], timeout: Duration? = nil
    ) async throws(XRPCError) -> Output {
        let request = procedureRequest(method, body: body, contentType: contentType, headers: headers, timeout: timeout)
        return try XRPCClient.output(of: try await exchange(request), as: output)
    }

    /// The request for a query: `GET /xrpc/{method}?{parameters}`.
    package func queryRequest(
        _ method: XRPCMethod, _ parameters: [(String, String)] = [], headers: [(String, String)] = [], timeout: Duration? = nil
    ) -> HTTPClientRequest {
        var url = "\(baseURL)/xrpc/\(method)"
        if !parameters.isEmpty {
            url += "?" + parameters.map { PercentEncoding.encodeComponent($0.0) + "=" + PercentEncoding.encodeComponent($0.1) }.joined(separator: "&")
        }
        return HTTPClientRequest(method: "GET", url: url, headers: HTTPHeaders(headers + [("Accept", "application/json")]), timeout: timeout)
    }

    /// The request for a procedure: `POST /xrpc/{method}` with `body`.
    package func procedureRequest(
        _ method: XRPCMethod, body: HTTPClientRequest.Body?, contentType: String?, headers: [(String, String)] = [], timeout: Duration? = nil
    ) -> HTTPClientRequest {
        var fields = headers + [("Accept", "application/json")]
        if let contentType { fields.append(("Content-Type", contentType)) }
        return HTTPClientRequest(method: "POST", url: "\(baseURL)/xrpc/\(method)", headers: HTTPHeaders(fields), body: body, timeout: timeout)
    }

    /// The JSON body of a procedure, encoded as every XRPC call here encodes it.
    package static func jsonBody<Input: Encodable>(_ input: Input) throws(XRPCError) -> HTTPClientRequest.Body {
        do { return .bytes(Array(try JSONEncoder.atproto.encode(input))) } catch { throw XRPCError.unencodable(DecodingProblem(error)) }
    }

    /// Sends `request` and returns the server's answer whatever its status: only no
    /// answer at all is an error here (callers that sign requests decide on the rest).
    package func exchange(_ request: HTTPClientRequest) async throws(XRPCError) -> XRPCAnswer {
        do { return XRPCAnswer(try await http.send(request)) } catch { throw XRPCError.transport(error) }
    }

    /// The value of a successful answer (`EmptyResponse` for one nobody reads), or the
    /// failure an error answer means.
    package static func output<Output: Decodable>(of answer: XRPCAnswer, as type: Output.Type) throws(XRPCError) -> Output {
        if let failure = answer.failure { throw failure }
        if Output.self == EmptyResponse.self, let empty = EmptyResponse() as? Output { return empty }
        do {
            return try JSONDecoder().decode(type, from: Data(answer.body))
        } catch {
            throw XRPCError.undecodable(DecodingProblem(error))
        }
    }
}

/// For procedures whose answer we do not need.
package struct EmptyResponse: Codable, Sendable {
    package init() {}
}

extension JSONEncoder {
    /// Stable key order (easier to test and log) and `/` unescaped (AT URIs, URLs).
    package static var atproto: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
