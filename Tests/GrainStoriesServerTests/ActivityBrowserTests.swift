import ATProto
import ATProtoTestKit
import Activity
import AppTestKit
import Foundation
import GrainStoriesWeb
import TestKit
import Testing

/// The Activity page in headless Chromium with two people signed in on one browser: each
/// sees only their own activity and badge, the page works as a page, its settings save,
/// and its push script registers the service worker (a headless browser has no push
/// service to subscribe to; the push path itself is checked against the push stand-in in
/// ActivityPageTests).
@Suite(.serialized) struct ActivityBrowserTests {
    typealias F = BrowserFixture
    static let current = "(document.querySelector('details.account-menu .account-handle')?.textContent ?? '')"
    static let badge = "(document.querySelector('details.account-menu .activity-badge')?.textContent ?? '')"

    @Test func twoPeopleOnOneBrowserEachSeeTheirOwnActivityAndSettings() async throws {
        let pds = try FakePDS(accounts: [.alice, .bob])
        let jetstream = try await StandInJetstream.start()
        let url = jetstream.url
        for (account, rkey) in [("alice.test", "3malicestory2"), ("bob.test", "3mbobstory222")] {
            try pds.seedRecord(["createdAt": "2026-09-04T17:30:00.000Z"], collection: "social.grain.story", rkey: rkey, account: account)
        }
        do {
            try await F.run(
                .chromium, screen: .phone,
                { configuration in
                    configuration.activity = true
                    configuration.jetstreamHosts = [url]
                }
            ) { f in
                let browser = f.browser
                try await F.signIn(browser, base: f.base, pds: pds, account: .alice)
                try await browser.navigate(f.base + "/signin")
                try await F.signIn(browser, base: f.base, pds: pds, account: .bob)
                #expect(await eventually { jetstream.openConnections == 1 })
                let alice = FakePDS.Account.alice.did
                let bob = FakePDS.Account.bob.did
                jetstream.create(
                    did: F.kenji.rawValue, collection: "social.grain.favorite", rkey: "3mfavorite22a",
                    record:
                        #"{"$type":"social.grain.favorite","subject":"at://\#(alice)/social.grain.story/3malicestory2","createdAt":"2026-09-04T17:40:00.000Z"}"#
                )
                jetstream.create(
                    did: F.maya.rawValue, collection: "social.grain.comment", rkey: "3mcomment222a",
                    record:
                        #"{"$type":"social.grain.comment","text":"What a light!","subject":"at://\#(bob)/social.grain.story/3mbobstory222","createdAt":"2026-09-04T17:41:00.000Z"}"#
                )
                let unseen = f.app.root.activity.unseen
                #expect(await eventually { unseen.count(for: DID(alice)!) == 1 && unseen.count(for: DID(bob)!) == 1 })

                // Bob (current): his badge, then his page with Maya's comment and nothing of Alice's.
                try await browser.navigate(f.base + "/")
                #expect(try await browser.waitUntil("return \(Self.current) === '@bob.test' && \(Self.badge) === '1'"))
                try await browser.click(try await browser.element("details.account-menu > summary"))
                try await browser.click(try await browser.element("details.account-menu a.account-activity"))
                #expect(try await browser.waitUntil("return location.pathname === '/activity'"))
                let bobsPage = try await browser.execute("return document.querySelector('main').textContent").string ?? ""
                #expect(bobsPage.contains("commented on your story"))
                #expect(bobsPage.contains("What a light!"))
                #expect(!bobsPage.contains("hearted your story"))
                #expect(try await browser.waitUntil("return !document.querySelector('.activity-badge')"), "seen once opened")
                #expect(
                    try await browser.waitUntil(
                        "return navigator.serviceWorker.getRegistration('/push-sw.js').then(r => !!r && document.querySelector('[data-push-status]').textContent.includes('Push is off'))"
                    ), "the push script registered its worker and says push is off here")

                // Alice, from the menu: her heart from Kenji, her badge.
                try await browser.click(try await browser.element("details.account-menu > summary"))
                try await browser.click(try await browser.element("details.account-menu button.account-switch"))
                #expect(try await browser.waitUntil("return \(Self.current) === '@alice.test' && \(Self.badge) === '1'"))
                try await browser.navigate(f.base + "/activity")
                let alicesPage = try await browser.execute("return document.querySelector('main').textContent").string ?? ""
                #expect(alicesPage.contains("hearted your story"))
                #expect(!alicesPage.contains("What a light!"))

                // Her view-sharing choice, as a plain form.
                try await browser.click(try await browser.element("form.activity-settings input[name=shareViews]"))
                try await browser.click(try await browser.element("form.activity-settings button[type=submit]"))
                #expect(try await browser.waitUntil("return document.body.textContent.includes('You keep your viewing private')"))
            }
        } catch {
            await jetstream.stop()
            pds.stop()
            throw error
        }
        await jetstream.stop()
        pds.stop()
    }
}
