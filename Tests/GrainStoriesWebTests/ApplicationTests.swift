import AppTestKit
import Foundation
import GzipCompression
import LoggingTestKit
import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb
@testable import GrainSupport

@Suite struct ApplicationTests {
    @Test func everyResponseCarriesTheSecurityHeaders() async throws {
        let app = try await AppHarness()
        for target in ["/", "/healthz", "/nope", "/assets/app.css", "/profile/nobody.example", "/assets/%2e%2e/x"] {
            let response = await app.respond(.get, target)
            #expect(response.headers["Content-Security-Policy"]?.contains("script-src 'self'") == true, "\(target)")
            #expect(response.headers["Content-Security-Policy"]?.contains("frame-ancestors 'none'") == true, "\(target)")
            #expect(response.headers["X-Content-Type-Options"] == "nosniff", "\(target)")
            #expect(response.headers["Referrer-Policy"] == "same-origin", "\(target)")
        }
        await app.shutdown()
    }

    /// The idle memory trimmer waits for this count to stand still: every answer counts,
    /// those made on the server's thread, those made in a task, and errors.
    @Test func everyAnswerIsCounted() async throws {
        let app = try await AppHarness()
        let before = app.application.answerCount
        _ = await app.respond(.get, "/healthz")
        _ = await app.respond(.get, "/nope")
        _ = await app.respond(.delete, "/")
        _ = app.application.respondImmediately(to: HTTPRequest(method: .get, target: "/assets/app.css"))
        #expect(app.application.answerCount == before + 4)
        await app.shutdown()
    }

    @Test func unknownPathsGetTheNotFoundPageAndWrongMethodsA405() async throws {
        let app = try await AppHarness()
        let missing = await app.respond("/nope")
        let wrong = await app.respond(.delete, "/")
        await app.shutdown()
        #expect(missing.status == .notFound)
        #expect(missing.text.contains("There is nothing at this address."))
        #expect(missing.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(wrong.status == .methodNotAllowed)
        #expect(wrong.headers["Allow"] == "GET, HEAD")
    }

    @Test func unexpectedErrorsBecomeAPlain500ThatRevealsNothing() async throws {
        struct DatabaseMeltdown: Error, CustomStringConvertible { var description: String { "secret table users at /srv/db" } }
        let app = try await AppHarness()
        let errors = ErrorResponder(pages: app.pages, logger: app.logger)
        let response = errors.response(for: DatabaseMeltdown(), request: HTTPRequest(method: .get, target: "/x"), requestID: "ref123")
        await app.shutdown()
        #expect(response.status == .internalServerError)
        #expect(!response.text.contains("secret table"))
        #expect(response.text.contains("ref123"))
        #expect(app.logs.lines.contains { $0.contains("unexpected error") && $0.contains("secret table") && $0.contains("id=ref123") })
    }

    @Test func healthzAnswersJSON() async throws {
        let app = try await AppHarness()
        let response = await app.respond("/healthz")
        await app.shutdown()
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "ok")
    }

    @Test func pagesLinkAssetsByFingerprintAndThoseAreImmutable() async throws {
        let app = try await AppHarness()
        let html = await app.respond("/").text
        let css = try #require(HTMLInspection.attributeValues("href", in: html) { $0.contains("stylesheet") }.first)
        #expect(css.range(of: #"^/assets/app\.[0-9a-f]{10}\.css$"#, options: .regularExpression) != nil)
        let fingerprinted = await app.respond(.get, css)
        let plain = await app.respond("/assets/app.css")
        await app.shutdown()
        #expect(fingerprinted.status == .ok)
        #expect(fingerprinted.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(fingerprinted.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(plain.headers["Cache-Control"] == "no-cache")
    }

    @Test func entityTagsAnswer304AndGzipIsUsedWhenAccepted() async throws {
        let app = try await AppHarness()
        let first = await app.respond("/assets/stories.js")
        let etag = try #require(first.headers["ETag"])
        let again = await app.respond("/assets/stories.js", headers: [("If-None-Match", etag)])
        let zipped = await app.respond("/assets/stories.js", headers: [("Accept-Encoding", "gzip, br")])
        await app.shutdown()
        #expect(again.status == .notModified)
        #expect(again.body.count == 0)
        #expect(zipped.headers["Content-Encoding"] == "gzip")
        #expect(zipped.headers["Vary"] == "Accept-Encoding")
        #expect(zipped.headers["ETag"] != etag)
        guard case .bytes(let packed) = zipped.body, case .bytes(let original) = first.body else {
            Issue.record("expected bytes")
            return
        }
        #expect(try Gzip.decompress(packed) == original)
    }

    @Test func mediaPathsWithoutAValidSignatureAreNotFound() async throws {
        let app = try await AppHarness()
        let encoded = Base64URL.encode(Array("https://cdn.grain.social/x".utf8))
        let forged = await app.respond("/media/AAAAAAAAAAAAAAAAAAAAAA/\(encoded)")
        await app.shutdown()
        #expect(forged.status == .notFound)
    }
}

/// The access log's `ms` field: two decimals, as `%.2f` writes them.
@Suite struct AccessLogDurationTests {
    @Test(arguments: [
        (Duration.zero, "0.00"), (.microseconds(4), "0.00"), (.microseconds(5), "0.01"), (.microseconds(123), "0.12"),
        (.microseconds(999_996), "1000.00"), (.milliseconds(7), "7.00"), (.seconds(3) + .microseconds(45_670), "3045.67"),
        (.seconds(86_400), "86400000.00"),
    ])
    func millisecondsHaveTwoDecimals(elapsed: Duration, text: String) {
        #expect(Application.milliseconds(elapsed) == text)
    }

    /// Away from ties the figure is exactly what `String(format: "%.2f")` gave.
    @Test func itMatchesPrintfAwayFromTies() {
        var microseconds: Int64 = 1
        while microseconds < 50_000_000_000 {
            let elapsed = Duration.microseconds(microseconds) + .nanoseconds(1)
            let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            #expect(Application.milliseconds(elapsed) == String(format: "%.2f", milliseconds), "\(elapsed)")
            microseconds = microseconds * 3 + 7
        }
    }
}

/// Every response ends with the security headers, once each, whatever a handler set.
@Suite struct SecurityHeadersTests {
    @Test func theyAreAddedInOrderAfterTheHandlersOwn() {
        var headers = HTTPHeaders([("Content-Type", "text/plain"), ("ETag", "\"x\"")])
        SecurityHeaders.apply(to: &headers)
        #expect(headers.map(\.name) == ["Content-Type", "ETag"] + SecurityHeaders.all.map(\.0))
    }

    @Test func aHandlersOwnVersionIsReplaced() {
        var headers = HTTPHeaders([("content-security-policy", "default-src *"), ("Content-Type", "text/plain"), ("X-FRAME-OPTIONS", "ALLOW")])
        SecurityHeaders.apply(to: &headers)
        #expect(headers.map(\.name) == ["Content-Type"] + SecurityHeaders.all.map(\.0))
        #expect(headers.values(for: "Content-Security-Policy") == [SecurityHeaders.contentSecurityPolicy])
        #expect(headers.values(for: "X-Frame-Options") == ["DENY"])
    }
}
