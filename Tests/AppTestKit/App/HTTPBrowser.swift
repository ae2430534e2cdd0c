package import CurlHTTPClient
import Foundation
import Synchronization

/// A browser for live tests: a real HTTP client with a cookie jar, forms and
/// multipart uploads, that does not follow redirects (tests look at them).
package final class HTTPBrowser: Sendable {
    package let baseURL: String
    private let client = HTTPClient(configuration: HTTPClientConfiguration(userAgent: "GrainStoriesTests", totalTimeout: .seconds(60)))
    private let cookies = Mutex<[String: String]>([:])

    package init(baseURL: String) { self.baseURL = baseURL }

    package func get(_ path: String) async throws -> HTTPClientResponse {
        try await send(HTTPClientRequest(method: "GET", url: baseURL + path))
    }

    package func postForm(_ path: String, _ fields: [(String, String)]) async throws -> HTTPClientResponse {
        let body = fields.map { PercentEncodingForTests.encode($0.0) + "=" + PercentEncodingForTests.encode($0.1) }.joined(separator: "&")
        return try await send(
            HTTPClientRequest(
                method: "POST", url: baseURL + path, headers: [("Content-Type", "application/x-www-form-urlencoded")], body: .bytes(Array(body.utf8))))
    }

    /// A `multipart/form-data` post of text fields and one file.
    package func postMultipart(
        _ path: String, fields: [(String, String)], file: (name: String, filename: String, bytes: [UInt8])
    ) async throws -> HTTPClientResponse {
        let boundary = "----GrainStoriesTestBoundary7MA4YWxk"
        var body: [UInt8] = []
        for (name, value) in fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Array(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.name)\"; filename=\"\(file.filename)\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
        body += file.bytes
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        return try await send(
            HTTPClientRequest(method: "POST", url: baseURL + path, headers: [("Content-Type", "multipart/form-data; boundary=\(boundary)")], body: .bytes(body))
        )
    }

    package func cookie(_ name: String) -> String? { cookies.withLock { $0[name] } }

    /// Sets a cookie by hand, as a browser that kept it from another server (one restored
    /// from a backup, say) would send it.
    package func setCookie(_ name: String, _ value: String) { cookies.withLock { $0[name] = value } }

    private func send(_ request: HTTPClientRequest) async throws -> HTTPClientResponse {
        var request = request
        if let header = cookies.withLock({ SetCookieFields.header($0) }) { request.headers.add("Cookie", header) }
        let response = try await client.execute(request)
        let fields = response.headers.values(for: "Set-Cookie")
        cookies.withLock { SetCookieFields.apply(fields, to: &$0) }
        return response
    }

    package func shutdown() async { await client.shutdown() }
}
