import Foundation
package import MicroHTTPServer
import Synchronization

/// A browser's cookies for tests that drive the application without a socket: keeps
/// what `Set-Cookie` gave, sends it back, remembers the last response. Its requests come
/// from `remoteAddress` (empty, like an unknown peer, unless given).
package final class CookieJar: Sendable {
    private let cookies = Mutex<[String: String]>([:])
    private let harness: AppHarness
    private let remoteAddress: String

    package init(_ harness: AppHarness, remoteAddress: String = "") {
        self.harness = harness
        self.remoteAddress = remoteAddress
    }

    package subscript(name: String) -> String? { cookies.withLock { $0[name] } }

    package func respond(_ method: HTTPMethod, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil) async -> HTTPResponse {
        var all = headers
        if let cookieHeader = cookies.withLock({ SetCookieFields.header($0) }) { all.append(("Cookie", cookieHeader)) }
        let response = await harness.respond(method, target, headers: all, body: body, remoteAddress: remoteAddress)
        let fields = response.headers.values(for: "Set-Cookie")
        cookies.withLock { SetCookieFields.apply(fields, to: &$0) }
        return response
    }

    package func get(_ target: String) async -> HTTPResponse { await respond(.get, target) }

    /// Posts a urlencoded form.
    package func post(_ target: String, form: [(String, String)]) async -> HTTPResponse {
        let body = form.map { PercentEncodingForTests.encode($0.0) + "=" + PercentEncodingForTests.encode($0.1) }.joined(separator: "&")
        return await respond(.post, target, headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array(body.utf8))
    }

    /// Signs in through the sign-in form as a person would (its own form token, the
    /// account and the PDS address under "Advanced"); the form's answer.
    package func signIn(identifier: String, password: String, pds: String) async -> HTTPResponse {
        let page = await get("/signin")
        let token = CookieJar.csrfToken(in: page.text) ?? ""
        return await post("/signin", form: [("csrf", token), ("identifier", identifier), ("password", password), ("pds", pds)])
    }

    /// The hidden `csrf` field of a rendered form.
    package static func csrfToken(in html: String) -> String? {
        guard let range = html.range(of: "name=\"csrf\" value=\"") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }
}

/// Form encoding written here, independent of the code under test.
package enum PercentEncodingForTests {
    package static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || [0x2D, 0x2E, 0x5F, 0x7E].contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
