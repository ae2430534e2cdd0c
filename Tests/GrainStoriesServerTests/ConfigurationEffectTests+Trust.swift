import ATProtoTestKit
import AppTestKit
import CurlHTTPClient
import MicroHTTPServer
import Testing

/// The options that decide whom the server believes and how much disk strangers may take:
/// `--trusted-proxies` for forwarded headers, `--max-spool-bytes` for uploads.
extension ConfigurationEffectTests {
    /// The sign-in form's CSRF cookie, as set for a request claiming HTTPS.
    static func signInCookie(_ app: LiveApp) async throws -> String {
        let response = try await app.request("/signin", headers: [("X-Forwarded-Proto", "https")])
        // `__Host-csrf` when the server believes the request came over https.
        return try #require(response.headers.values(for: "Set-Cookie").first { $0.hasPrefix("csrf=") || $0.hasPrefix("__Host-csrf=") })
    }

    @Test func trustedProxiesIsWhoseXForwardedProtoMarksCookiesSecure() async throws {
        try await Self.withServer([]) { app, _ in
            let cookie = try await Self.signInCookie(app)
            #expect(!cookie.contains("Secure") && cookie.hasPrefix("csrf="), "any visitor could claim HTTPS")
        }
        try await Self.withServer(["--trusted-proxies", "127.0.0.1"]) { app, _ in
            let cookie = try await Self.signInCookie(app)
            #expect(cookie.contains("Secure") && cookie.hasPrefix("__Host-csrf="))
        }
    }

    @Test func maxSpoolBytesBoundsTheDiskUploadsMayTake() async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        // 1.5 MB of something: with the default 1 GiB it would be read and refused as no
        // photo; with 1 MiB of spool it does not fit and gets 503 before being stored.
        let junk = [UInt8](repeating: 0x42, count: 1_500_000)
        try await Self.withServer(["--max-spool-bytes", "1048576"]) { app, _ in
            #expect(app.server.configuration.spoolLimitBytes == 1_048_576)
            let browser = try await Self.signIn(app, pds)
            #expect(try await Self.upload(browser, junk).status == 503)
            #expect(try await Self.upload(browser, Array(junk.prefix(500_000))).status != 503, "an upload that fits is read")
            await browser.shutdown()
        }
    }
}
