import ATProtoTestKit
import Foundation
import HTTPTestKit
import PhotoPipeline
import PhotoTestKit
import Testing

/// The README's nginx and Caddy configurations, each run with the real proxy in front of
/// the real server: the client's own address reaches the server, cookies are Secure (and
/// `__Host-`) exactly behind https, uploads up to the server's limit pass and bigger ones get the server's
/// own page, and limits count per real client, not per proxy.
@Suite(.serialized) struct ReverseProxyTests {
    @Test(arguments: ReverseProxyStack.Kind.allCases)
    func theServerSeesEachVisitorsOwnAddressNotOneTheyClaim(proxy: ReverseProxyStack.Kind) async throws {
        let stack = try await ReverseProxyStack.start(proxy)
        let first = ProxyVisitor(source: "127.0.0.2")
        let second = ProxyVisitor(source: "127.0.0.3")
        defer {
            first.forget()
            second.forget()
        }
        _ = try first.get(stack.http + "/proxy-probe-plain", headers: ["X-Forwarded-For: 203.0.113.9"])
        _ = try second.get(stack.https + "/proxy-probe-tls")
        let plain = await stack.accessLogLine(path: "/proxy-probe-plain")
        #expect(plain?.hasSuffix("client=127.0.0.2") == true, "\(plain ?? stack.server.log)")
        let tls = await stack.accessLogLine(path: "/proxy-probe-tls")
        #expect(tls?.hasSuffix("client=127.0.0.3") == true, "\(tls ?? stack.server.log)")
        await stack.stop()
    }

    @Test(arguments: ReverseProxyStack.Kind.allCases)
    func cookiesAreSecureOnlyBehindHTTPS(proxy: ReverseProxyStack.Kind) async throws {
        let stack = try await ReverseProxyStack.start(proxy)
        // Two visitors: one that already holds the cookie is not sent it again.
        let visitor = ProxyVisitor(source: "127.0.0.2")
        let secure = ProxyVisitor(source: "127.0.0.3")
        defer {
            visitor.forget()
            secure.forget()
        }
        let plain = try visitor.get(stack.http + "/signin", headers: ["X-Forwarded-Proto: https"])
        let plainCookie = try #require(plain.setCookie("csrf"), "\(plain.headers)")
        #expect(!plainCookie.contains("Secure"), "over plain http, whatever the visitor claims")
        let tls = try secure.get(stack.https + "/signin")
        let tlsCookie = try #require(tls.setCookie("__Host-csrf"), "\(tls.headers)")
        #expect(tlsCookie.contains("; Secure") && tlsCookie.contains("Path=/") && !tlsCookie.contains("Domain"))
        if let redirect = stack.redirect {
            let redirected = try visitor.get(redirect + "/signin")
            #expect(redirected.status == 301 && redirected.header("Location")?.hasPrefix("https://") == true)
        }
        await stack.stop()
    }

    @Test(arguments: ReverseProxyStack.Kind.allCases)
    func aLargeUploadPassesAndATooLargeOneGetsTheServersOwnPage(proxy: ReverseProxyStack.Kind) async throws {
        let stack = try await ReverseProxyStack.start(proxy)
        let visitor = ProxyVisitor(source: "127.0.0.2")
        defer { visitor.forget() }
        try signIn(visitor, stack, password: FakePDS.Account.alice.password)
        #expect(visitor.cookieJarHasSession, "signed in through \(proxy)")

        // A real photo of 37.5 MiB: a small JPEG padded with 600 application segments of
        // 64 KiB, which the decoder skips and the posted photo does not keep.
        let small = try JPEGEncoder.encode(TestImages.photoLike(width: 64, height: 48), quality: 90)
        let segment: [UInt8] = [0xFF, 0xEF, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 65_533)
        let large = Array(small.prefix(2)) + Array(repeating: segment, count: 600).flatMap { $0 } + Array(small.dropFirst(2))
        try Data(large).write(to: URL(fileURLWithPath: visitor.scratch + "/large.jpg"))
        let form = try visitor.get(stack.https + "/stories/new")
        let uploaded = try visitor.postPhoto(stack.https + "/stories/new", fields: [("csrf", try #require(form.csrf))], path: visitor.scratch + "/large.jpg")
        #expect(uploaded.status == 303 && uploaded.header("Location")?.hasPrefix("/drafts/") == true, "\(uploaded.status) \(uploaded.body)")

        // The server answers 413 while the proxy is still streaming the body, then drains
        // the rest before closing (a close with unread bytes would reset the connection).
        // Not asked of Caddy: it drops an answer that arrives before the whole body was
        // sent in about one run in ten (curl: "transfer closed with 1084 bytes remaining"),
        // even from a textbook backend that answers, shuts down writing and reads to the
        // end; Caddy's own issues (#782) describe the same. The README says so.
        guard proxy == .nginx else {
            await stack.stop()
            return
        }
        let tooLarge = [UInt8](repeating: 0xA5, count: 41 * 1024 * 1024 + 1)
        try Data(tooLarge).write(to: URL(fileURLWithPath: visitor.scratch + "/huge.jpg"))
        let refused = try visitor.postPhoto(stack.https + "/stories/new", fields: [("csrf", try #require(form.csrf))], path: visitor.scratch + "/huge.jpg")
        #expect(refused.status == 413)
        #expect(
            refused.body.contains("That is too large") && !refused.body.contains("nginx") && !refused.body.contains("Caddy"),
            "the server's page, not the proxy's: \(refused.body)")
        await stack.stop()
    }

    @Test(arguments: ReverseProxyStack.Kind.allCases)
    func wrongPasswordLimitsCountPerRealClientNotPerProxy(proxy: ReverseProxyStack.Kind) async throws {
        let stack = try await ReverseProxyStack.start(proxy)
        let guesser = ProxyVisitor(source: "127.0.0.2")
        let neighbour = ProxyVisitor(source: "127.0.0.3")
        defer {
            guesser.forget()
            neighbour.forget()
        }
        // The limit is ten wrong passwords per account and client in 15 minutes.
        for _ in 0..<10 { try signIn(guesser, stack, password: "wrong") }
        let limited = try signIn(guesser, stack, password: "wrong")
        #expect(limited.status == 429, "the guesser is stopped: \(limited.status)")
        let other = try signIn(neighbour, stack, password: "wrong")
        #expect(other.status != 429 && !other.body.contains("Too many"), "another client behind the same proxy is not")
        await stack.stop()
    }

    /// Signs in as Alice over https with `password`; the sign-in form's answer.
    @discardableResult
    private func signIn(_ visitor: ProxyVisitor, _ stack: ReverseProxyStack, password: String) throws -> ProxyVisitor.Answer {
        let page = try visitor.get(stack.https + "/signin")
        return try visitor.postForm(
            stack.https + "/signin",
            [
                ("csrf", try #require(page.csrf)), ("identifier", "alice.test"), ("password", password), ("pds", stack.pds.baseURL),
            ])
    }
}
