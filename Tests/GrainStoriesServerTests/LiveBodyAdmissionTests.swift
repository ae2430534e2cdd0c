import ATProtoTestKit
import AppTestKit
import Foundation
import GrainStoriesWeb
import GrainSupport
import HTTPTestKit
import LoggingTestKit
import MicroHTTPServer
import PhotoPipeline
import PhotoTestKit
import TestKit
import Testing

/// The whole app refuses unwanted bodies from the head: nothing is written to the data
/// directory's `tmp/` for a body nobody asked for, however large it says it is.
@Suite struct LiveBodyAdmissionTests {
    private func withApp(_ configure: (inout AppConfiguration) -> Void = { _ in }, _ body: (LiveApp) async throws -> Void) async throws {
        let appView = try StandInAppView(image: try JPEGEncoder.encode(TestImages.photoLike(width: 40, height: 40), quality: 80))
        let app = try await LiveApp.start(appViewURL: appView.baseURL, configure)
        do { try await body(app) } catch {
            await app.stop()
            await appView.stop()
            throw error
        }
        await app.stop()
        await appView.stop()
    }

    /// Sends only the head of a request announcing `length` bytes and reads the answer.
    private func headOnly(_ app: LiveApp, _ requestLine: String, length: Int, extra: String = "") async throws -> (RawHTTPResponse, Bool) {
        let port = app.server.port
        return try await runOnDedicatedThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("\(requestLine) HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(length)\r\n\(extra)\r\n")
            return (try connection.readResponse(), connection.waitForServerClose(within: .seconds(5)))
        }
    }

    private func spooledFiles(_ app: LiveApp) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: app.data.temporary)) ?? []
    }

    /// The limits that keep the spool for everyone, as `serve` really sets them (the spool
    /// tests pass their own values): the stall gap (1 KiB within every 20 s, besides the
    /// average 1 KiB/s after 60 s) and the newcomers' reserve (an eighth of the default
    /// 1 GiB, which is more than two 40 MiB uploads).
    @Test func theServerAsServeRunsItCutsStalledBodiesAndKeepsASpoolReserve() async throws {
        try await withApp { app in
            let server = app.server.configuration
            #expect(server.minimumBodyRate == MinimumBodyRate(bytesPerSecond: 1024, gracePeriod: .seconds(60), stallGap: .seconds(20), stallBytes: 1024))
            #expect(app.configuration.maxSpoolBytes == 1 << 30 && server.spoolLimitBytes == 1 << 30)
            #expect(app.configuration.maxBodyBytes == 40 << 20 && server.maxBodyBytes == 40 << 20)
            #expect(server.spoolReserve == 128 << 20)
        }
    }

    @Test func aBodyOnARouteThatTakesNoneIsRefusedAt413WithoutReadingIt() async throws {
        try await withApp { app in
            let (response, closed) = try await headOnly(app, "GET /healthz", length: 30_000_000)
            #expect(response.status == 413)
            #expect(closed)
            #expect(response.header("Content-Security-Policy") != nil, "the refusal is the site's own page with its headers")
            #expect(spooledFiles(app).isEmpty)
        }
    }

    @Test func anUploadWithoutASessionIsSentToSignInBeforeAnyOfItIsStored() async throws {
        try await withApp { app in
            let forged = "sid=" + String(repeating: "A", count: 43)
            let (response, closed) = try await headOnly(
                app, "POST /stories/new", length: 30_000_000,
                extra: "Content-Type: multipart/form-data; boundary=x\r\nCookie: \(forged)\r\n"
            )
            #expect(response.status == 303)
            #expect(response.header("Location") == "/signin")
            #expect(closed)
            #expect(spooledFiles(app).isEmpty)
        }
    }

    @Test func aFormLargerThanItsRouteTakesIsRefusedWithThatRoutesLimit() async throws {
        try await withApp { app in
            let (response, _) = try await headOnly(app, "POST /seen", length: 100_000, extra: "Content-Type: application/x-www-form-urlencoded\r\n")
            #expect(response.status == 413)
            #expect(response.bodyText.contains("2 KB") || response.bodyText.contains("2.0 KB") || response.bodyText.contains("2048"), "\(response.bodyText)")
        }
    }

    @Test func unknownAddressesAnswer404WithoutReadingTheBody() async throws {
        try await withApp { app in
            let (response, closed) = try await headOnly(app, "POST /nowhere", length: 10_000_000)
            #expect(response.status == 404)
            #expect(closed)
        }
    }

    @Test func aTooLongAddressGets414AndTheConnectionCloses() async throws {
        try await withApp { app in
            let port = app.server.port
            let (response, closed) = try await runOnDedicatedThread {
                let connection = try RawHTTPConnection(port: port, timeout: .seconds(5))
                try connection.send("GET /\(String(repeating: "a", count: 8000)) HTTP/1.1\r\nHost: localhost\r\n\r\n")
                return (try connection.readResponse(), connection.waitForServerClose(within: .seconds(5)))
            }
            #expect(response.status == 414)
            #expect(closed)
        }
    }

    /// `--trusted-proxies` reaches the server: the access log names the forwarded client
    /// for a listed proxy and the peer otherwise.
    @Test func theAccessLogNamesTheForwardedClientOnlyBehindATrustedProxy() async throws {
        guard case .run(let loaded) = try AppConfiguration.load(arguments: ["--trusted-proxies", "127.0.0.1"], environment: [:]) else {
            Issue.record("--trusted-proxies was not accepted")
            return
        }
        try await withApp({ $0.trustedProxies = loaded.trustedProxies }) { app in
            _ = try await app.request("/healthz?trusted", headers: [("X-Forwarded-For", "198.51.100.7")])
            let line = try #require(app.logs.lines.first { $0.contains("/healthz") })
            #expect(line.contains("198.51.100.7"), "\(line)")
        }
        try await withApp { app in
            _ = try await app.request("/healthz?untrusted", headers: [("X-Forwarded-For", "198.51.100.7")])
            let line = try #require(app.logs.lines.first { $0.contains("/healthz") })
            #expect(!line.contains("198.51.100.7"), "\(line)")
            #expect(line.contains("127.0.0.1"), "\(line)")
        }
    }
}
