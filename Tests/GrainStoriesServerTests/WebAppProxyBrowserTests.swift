import ATProtoTestKit
import AppTestKit
import Foundation
import HTTPTestKit
import TestKit
import Testing

/// GrainStories as an installable app behind docs/self-hosting.md's nginx, in Chromium:
/// the server as a visitor on another machine reaches it, by a host name
/// (`stories.example.org`, mapped to loopback inside the browser) rather than `localhost`,
/// so only https can make the page a secure context. Over the proxy's https (its test
/// certificate trusted by this browser alone, so the connection counts as a valid one) the
/// manifest has no errors, the app is installable, the service worker registers and
/// controls the page, and signing in works with its `__Host-` cookie. Over the same proxy's
/// plain http, the same page works without any of the app-like extras, as
/// docs/home-screen.md says.
@Suite(.serialized) struct WebAppProxyBrowserTests {
    static let host = "stories.example.org"

    @Test func behindTheDocumentedHTTPSProxyTheAppIsInstallableAndSignInWorks() async throws {
        let stack = try await ReverseProxyStack.start(.nginx)
        var driver: ChromeDriver?
        var browser: WebDriver?
        var failure: (any Error)?
        do {
            let certificate = try #require(stack.certificate)
            let https = "https://\(Self.host):\(try Self.port(stack.https))"
            let http = "http://\(Self.host):\(try Self.port(stack.http))"
            let started = try ChromeDriver(extraArguments: [
                "--host-resolver-rules=MAP \(Self.host) 127.0.0.1",
                // Trusts this one key the way an installed CA would be: the connection is
                // a valid https one (not an ignored error), as on a real server.
                "--ignore-certificate-errors-spki-list=\(try Self.publicKeyHash(certificate))",
            ])
            driver = started
            let page = try await WebDriver.start(started, screen: .phone)
            browser = page

            // https through the proxy: a secure context, installable, worker in control.
            try await page.navigate(https + "/")
            let context = try await page.execute("return { secure: window.isSecureContext, origin: location.origin }")
            #expect(context["secure"]?.bool == true && context["origin"]?.string == https, "\(context)")
            #expect(try await page.waitUntil(WebAppBrowserTests.controlled, timeout: .seconds(20)), "the service worker took over the page")
            let manifest = try await page.cdp("Page.getAppManifest")
            #expect(manifest["url"]?.string == https + "/manifest.webmanifest", "\(manifest)")
            #expect(manifest["errors"]?.array?.isEmpty == true, "manifest errors: \(manifest["errors"] ?? [])")
            let installability = try await page.cdp("Page.getInstallabilityErrors")
            let errors = installability["installabilityErrors"]?.array ?? [["missing": "list"]]
            #expect(errors.isEmpty, "installability errors behind the proxy: \(errors)")
            let registration = try await page.execute(
                "return navigator.serviceWorker.getRegistration('/').then(r => ({ scope: r.scope, script: r.active.scriptURL }))")
            #expect(registration["scope"]?.string == https + "/" && registration["script"]?.string == https + "/sw.js", "\(registration)")

            // Signing in through the proxy: the session is the `__Host-` cookie, and the
            // worker still controls the signed-in page it never keeps.
            try await BrowserFixture.signIn(page, base: https, pds: stack.pds)
            let cookies = try await page.cdp("Network.getCookies", ["urls": [.string(https + "/")]])
            let names = cookies["cookies"]?.array?.compactMap { $0["name"]?.string } ?? []
            #expect(names.contains("__Host-sid") && !names.contains("sid"), "the session cookie over https: \(names)")
            let session = cookies["cookies"]?.array?.first { $0["name"]?.string == "__Host-sid" }
            #expect(session?["secure"]?.bool == true && session?["path"]?.string == "/" && session?["httpOnly"]?.bool == true, "\(session ?? [:])")
            #expect(try await page.waitUntil(WebAppBrowserTests.controlled), "the signed-in page is under the worker")

            // The same proxy over plain http, by the same name: not a secure context, so no
            // worker and nothing to install, but the page works and still names its manifest.
            try await page.navigate(http + "/")
            let plain = try await page.execute(
                """
                return { secure: window.isSecureContext, worker: 'serviceWorker' in navigator, origin: location.origin,
                         manifest: !!document.querySelector('link[rel=manifest]'), main: !!document.querySelector('main') };
                """)
            #expect(plain["origin"]?.string == http && plain["secure"]?.bool == false && plain["worker"]?.bool == false, "\(plain)")
            #expect(plain["manifest"]?.bool == true && plain["main"]?.bool == true, "the page itself works: \(plain)")
            let plainInstallability = try await page.cdp("Page.getInstallabilityErrors")
            let plainErrors = plainInstallability["installabilityErrors"]?.array?.compactMap { $0["errorId"]?.string } ?? []
            #expect(plainErrors.contains("not-from-secure-origin"), "over plain http: \(plainInstallability)")
        } catch {
            failure = error
        }
        await browser?.quit()
        driver?.stop()
        if failure != nil { print("server log:\n" + stack.server.log.suffix(4000)) }
        await stack.stop()
        if let failure { throw failure }
    }

    /// The port of an `https://127.0.0.1:port` address.
    static func port(_ address: String) throws -> Int {
        try #require(URL(string: address)?.port, "no port in \(address)")
    }

    /// Base64 of the SHA-256 of the certificate's SubjectPublicKeyInfo, what Chromium's
    /// `--ignore-certificate-errors-spki-list` names a key by.
    static func publicKeyHash(_ certificate: String) throws -> String {
        let run = try CommandRun(
            [
                "-c",
                "openssl x509 -in \"$1\" -pubkey -noout | openssl pkey -pubin -outform DER | openssl dgst -sha256 -binary | base64",
                "hash", certificate,
            ], executable: "/bin/sh")
        let hash = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard run.status == 0, hash.count == 44 else { throw BrowserTestError("no key hash for \(certificate): \(run.error)") }
        return hash
    }
}
