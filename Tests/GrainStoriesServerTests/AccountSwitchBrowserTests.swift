import ATProtoTestKit
import AppTestKit
import Foundation
import Testing

/// A family tablet, on a phone-sized screen in headless Chromium and in WebKitGTK: two people sign in on
/// one browser and take turns from the header's account menu; the menu fits the screen
/// and its items are large enough to tap; the page logs no errors (checked by the
/// fixture on the way out).
@Suite(.serialized) struct AccountSwitchBrowserTests {
    typealias F = BrowserFixture

    /// The handle the header shows as current (a JavaScript expression).
    static let current = "(document.querySelector('details.account-menu .account-handle')?.textContent ?? '')"
    static let currentHandle = "return " + current

    @Test(arguments: BrowserEngine.allCases) func twoPeopleSignInOnOnePhoneAndSwitchFromTheHeaderMenu(engine: BrowserEngine) async throws {
        let pds = try FakePDS(accounts: [.alice, .bob])
        do {
            try await F.run(engine, reducedMotion: true, screen: .phone) { f in
                let browser = f.browser
                try await browser.navigate(f.base + "/signin")
                try await signIn(browser, .alice, pds: pds)
                #expect(try await browser.execute(Self.currentHandle).string == "@alice.test")

                // "Add account" in the menu leads to the sign-in page, which adds Bob.
                try await openMenu(browser)
                try await browser.click(try await browser.element("details.account-menu a[href='/signin']"))
                #expect(try await browser.waitUntil("return location.pathname === '/signin' && document.querySelector('h1')?.textContent === 'Add an account'"))
                try await signIn(browser, .bob, pds: pds)
                #expect(try await browser.execute(Self.currentHandle).string == "@bob.test")

                // The menu lists Alice; it stays on the screen and its items are tap-sized.
                try await openMenu(browser)
                let menu = try await browser.execute(
                    """
                    const items = [...document.querySelectorAll('details.account-menu .account-menu-item')];
                    const box = document.querySelector('.account-menu-items').getBoundingClientRect();
                    return { left: box.left, right: box.right, width: innerWidth,
                             shortest: Math.min(...items.map(i => i.getBoundingClientRect().height)),
                             labels: items.map(i => i.textContent.trim()) };
                    """)
                let labels = menu["labels"]?.array?.compactMap(\.string) ?? []
                #expect(labels.contains("Switch to @alice.test"), "\(labels)")
                #expect(labels.contains("Sign out @bob.test"), "\(labels)")
                #expect(
                    (menu["left"]?.double ?? -1) >= 0 && (menu["right"]?.double ?? .infinity) <= (menu["width"]?.double ?? 0),
                    "the menu fits the screen: \(menu)")
                #expect((menu["shortest"]?.double ?? 0) >= 44, "every item is at least 44 px tall: \(menu)")

                try await browser.click(try await browser.element("details.account-menu button.account-switch"))
                #expect(try await browser.waitUntil("return location.pathname === '/' && \(Self.current) === '@alice.test'"))
                try await openMenu(browser)
                #expect(
                    try await browser.execute("return document.querySelector('details.account-menu button.account-switch').textContent.trim()").string
                        == "Switch to @bob.test")
                try await browser.click(try await browser.element("details.account-menu button.account-switch"))
                #expect(try await browser.waitUntil("return \(Self.current) === '@bob.test'"))

                // Another tab picks Alice: the open home page's next refresh shows her strip
                // and her header in place, and the header's forms are hers (switching back
                // from it works).
                try await browser.execute(
                    """
                    window.sameDocument = true;
                    const form = new URLSearchParams({ csrf: document.querySelector('input[name=csrf]').value, did: arguments[0] });
                    return fetch('/accounts/switch', { method: 'POST', body: form, credentials: 'same-origin' })
                      .then(response => { document.dispatchEvent(new CustomEvent('grainstories:refresh')); return response.status; });
                    """, [.string(FakePDS.Account.alice.did)])
                #expect(try await browser.waitUntil("return \(Self.current) === '@alice.test'"), "the header follows the account picked elsewhere")
                #expect(try await browser.execute("return window.sameDocument === true && location.pathname === '/'").bool == true, "updated in place")
                #expect(
                    try await browser.execute(
                        "return document.querySelector('.strip-create .strip-name').textContent.trim() === 'Your story' && document.querySelector('.strip-create .avatar').textContent.trim() === 'A'"
                    ).bool == true,
                    "the strip's own tile is Alice's")
                try await openMenu(browser)
                try await browser.click(try await browser.element("details.account-menu button.account-switch"))
                #expect(try await browser.waitUntil("return \(Self.current) === '@bob.test' && window.sameDocument !== true"))

                // Signing Bob out leaves Alice signed in, as the current account.
                try await openMenu(browser)
                try await browser.click(try await browser.element("details.account-menu button.account-signout"))
                #expect(try await browser.waitUntil("return \(Self.current) === '@alice.test'"))
                #expect(try await browser.execute("return document.querySelectorAll('details.account-menu button.account-switch').length").double == 0)
            }
        } catch {
            pds.stop()
            throw error
        }
        pds.stop()
    }

    /// Opens the header's account menu by tapping its summary.
    private func openMenu(_ browser: WebDriver) async throws {
        try await browser.click(try await browser.element("details.account-menu > summary"))
        #expect(try await browser.waitUntil("return document.querySelector('details.account-menu').open"))
    }

    /// Fills in the sign-in page that is showing and waits for the home page with `account` current.
    private func signIn(_ browser: WebDriver, _ account: FakePDS.Account, pds: FakePDS) async throws {
        #expect(try await browser.waitUntil("return !!document.querySelector('#identifier')"))
        try await browser.sendKeys(try await browser.element("#identifier"), account.handle)
        try await browser.sendKeys(try await browser.element("#password"), account.password)
        try await browser.execute("document.querySelector('details.advanced').open = true")
        try await browser.sendKeys(try await browser.element("#pds"), pds.baseURL)
        try await browser.click(try await browser.element("form.stack-form button[type=submit]"))
        #expect(try await browser.waitUntil("return location.pathname === '/' && \(Self.current) === arguments[0]", [.string("@" + account.handle)]))
    }
}
