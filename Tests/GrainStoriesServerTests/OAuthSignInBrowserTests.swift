import ATProtoTestKit
import AppTestKit
import Foundation
import GrainStoriesWeb
import Testing

/// Signing in with OAuth in a real browser, headless Chromium and WebKitGTK (every
/// iPhone browser): from a page that needs an account, through the sign-in page, to the
/// stand-in authorization server's approval page and back to that page, signed in.
@Suite(.serialized) struct OAuthSignInBrowserTests {
    typealias F = BrowserFixture

    @Test(arguments: BrowserEngine.allCases) func signingInGoesToTheAccountsServerAndComesBackToThePage(engine: BrowserEngine) async throws {
        let (server, _, handle) = try StandInOAuthServer.withFreshAccount()
        do {
            try await F.run(engine, screen: .phone, knowsItsAddress: true, { $0.oauth = .on }) { f in
                let browser = f.browser
                // A page that needs an account sends the person to sign in, and back.
                try await browser.navigate(f.base + "/stories/new")
                #expect(try await browser.waitUntil("return location.pathname === '/signin' && !!document.querySelector('#oauth-identifier')"))
                #expect(
                    try await browser.execute("return document.querySelector('details.advanced summary').textContent.trim()").string
                        == "Use an app password instead")
                // The page with both ways offered passes axe-core and the layout checks,
                // with the app-password form unfolded too.
                for unfolded in [false, true] {
                    try await browser.execute("document.querySelectorAll('details.advanced').forEach(d => d.open = arguments[0])", [.bool(unfolded)])
                    for violation in try await Axe.run(browser).filter(\.isSeriousOrCritical) {
                        Issue.record("\(engine), OAuth sign-in page\(unfolded ? ", app password unfolded" : ""): \(violation)")
                    }
                    for problem in try await PageLayout.problems(browser, touch: true, except: []) {
                        Issue.record("\(engine), OAuth sign-in page: \(problem)")
                    }
                }
                try await browser.sendKeys(try await browser.element("#oauth-identifier"), handle)
                try await browser.click(try await browser.element("form[action='/signin/oauth'] button[type=submit]"))
                // The stand-in authorization server's own page, on its own origin.
                #expect(
                    try await browser.waitUntil(
                        "return location.origin === arguments[0] && document.body.textContent.includes('Approve as ' + arguments[1])",
                        [.string(server.issuer), .string(handle)]))
                try await browser.click(try await browser.element("button[name=did]"))
                #expect(
                    try await browser.waitUntil(
                        "return location.origin === arguments[0] && location.pathname === '/stories/new' && document.body.textContent.includes('@' + arguments[1])",
                        [.string(f.base), .string(handle)]),
                    "back on the page the person came from, signed in")
                #expect(try await browser.execute("return !!document.querySelector('form input[type=file]')").bool == true, "the story form is there")
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test(arguments: BrowserEngine.allCases) func denyingAtTheAccountsServerComesBackSignedOutSayingSo(engine: BrowserEngine) async throws {
        let (server, _, handle) = try StandInOAuthServer.withFreshAccount()
        do {
            try await F.run(engine, screen: .desktop, knowsItsAddress: true, { $0.oauth = .only }) { f in
                let browser = f.browser
                try await browser.navigate(f.base + "/signin")
                #expect(try await browser.execute("return document.querySelector('input[type=password]') === null").bool == true)
                try await browser.sendKeys(try await browser.element("#oauth-identifier"), handle)
                try await browser.click(try await browser.element("form[action='/signin/oauth'] button[type=submit]"))
                #expect(
                    try await browser.waitUntil(
                        "return location.origin === arguments[0] && !!document.querySelector('button[name=deny]')", [.string(server.issuer)]))
                try await browser.click(try await browser.element("button[name=deny]"))
                #expect(
                    try await browser.waitUntil(
                        "return location.origin === arguments[0] && document.querySelector('.form-error')?.textContent === 'Signing in was cancelled.'",
                        [.string(f.base)]))
                #expect(try await browser.execute("return document.cookie.includes('sid=')").bool == false)
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
