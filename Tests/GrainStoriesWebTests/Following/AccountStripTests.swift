import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing
import Viewing

@testable import GrainStoriesWeb

/// A signed-in person's strip: the people they follow (their own follow records on their
/// PDS) or everyone, switched and remembered per account; the people they block or hid
/// never shown; unseen people first. The viewer's neighbours follow the same list.
@Suite struct AccountStripTests {
    static let kenji: DID = "did:plc:ogyr5xkxwnrekpk5yroudocu"
    static let tomas: DID = "did:plc:rjnvgfygwwqc5hyfsxmecosf"
    static let maya: DID = "did:plc:hbrpoigf3cbfnobm2o4rak3v"
    static let erin: DID = "did:plc:zrenun7z5jqipq3zxoi7fdhj"
    /// The fixture people's handles, by which pages link them.
    static let handles: [DID: Handle] = [
        kenji: "kenji.photo", tomas: "tomasreyes.selfhosted.social", maya: "mayaokafor.bsky.social", erin: "erin-walks.bsky.social",
    ]

    /// The address of `did`'s profile as pages link it (by handle).
    static func profileLink(_ did: DID) -> String { StoryLinks.profile(did: did, handle: handles[did]) }

    /// The fixture strip (Kenji, Tomás, Maya, Erin) with Alice signed in, her PDS
    /// holding follow and block records.
    struct Household {
        let app: AppHarness
        let pds: FakePDS
        let browser: CookieJar

        init(follows: [DID] = [], blocks: [DID] = []) async throws {
            pds = try FakePDS()
            try pds.seedGraph(follows: follows, blocks: blocks)
            app = try await AppHarness()
            (browser, _) = try await PostingFlowTests.signIn(app, pds)
        }

        func close() async {
            await app.shutdown()
            pds.stop()
        }

        /// The strip's people, in order.
        func strip(_ target: String = "/") async -> [String] {
            AccountStripTests.people(in: await page(target))
        }

        /// The page at `target`; for `/?strip=X`, the home page after choosing X with the
        /// switch's form (a POST to `/strip`, as a person pressing it would).
        func page(_ target: String) async -> String {
            if let choice = target.split(separator: "?strip=").dropFirst().first {
                _ = await choose(String(choice))
                return await browser.get("/").text
            }
            return await browser.get(target).text
        }

        /// Presses the switch's button for `choice`; returns the answer.
        func choose(_ choice: String) async -> HTTPResponse {
            let token = CookieJar.csrfToken(in: await browser.get("/").text) ?? ""
            return await browser.post("/strip", form: [("csrf", token), ("strip", choice)])
        }

        func stories(of did: DID) async throws -> [StoryView] {
            try await app.library.stories(of: did).value
        }

        /// The viewer's page for `story`.
        func viewer(_ story: StoryView) async -> String {
            await browser.get(StoryLinks.story(story)).text
        }

        /// The viewer's page for `story` as the script fetches it ahead, which marks nothing seen.
        func peek(_ story: StoryView) async -> String {
            await browser.respond(.get, StoryLinks.story(story), headers: [("X-GrainStories-Fetch", "1")]).text
        }

        func csrf(on target: String) async throws -> String {
            try #require(CookieJar.csrfToken(in: await browser.get(target).text))
        }
    }

    static func people(in page: String) -> [String] {
        let strip = HTMLInspection.section("strip", in: page)
        return HTMLInspection.attributeValues("href", in: strip) { $0.contains("class=\"strip-link\"") && $0.contains("data-opens-viewer") }
            .map { link in
                // Tiles link by handle (`/profile/{actor}/story/…`, or `/stories/{actor}`);
                // the tests name people by DID.
                let actor = link.split(separator: "/").dropFirst().first.map(String.init) ?? link
                return handles.first { $0.value.rawValue == actor }?.key.rawValue ?? actor
            }
    }

    /// The value of the switch's button marked current.
    static func switchCurrent(in page: String) -> String? {
        HTMLInspection.attributeValues("value", in: page) { $0.contains("strip-switch-current") }.first.map { "/?strip=" + $0 }
    }

    /// Where the viewer's "next person" leads (the swipe and the neighbour tile).
    static func nextAuthor(in viewer: String) -> String? {
        HTMLInspection.attributeValues("data-next-author-href", in: viewer) { $0.hasPrefix("<dialog") }.first.flatMap { $0.isEmpty ? nil : $0 }
    }

    static func previousAuthor(in viewer: String) -> String? {
        HTMLInspection.attributeValues("data-previous-author-href", in: viewer) { $0.hasPrefix("<dialog") }.first.flatMap { $0.isEmpty ? nil : $0 }
    }

    @Test func followingIsTheDefaultAndTheSwitchIsRememberedForTheAccount() async throws {
        let home = try await Household(follows: [Self.tomas, Self.erin])
        let first = await home.browser.get("/").text
        #expect(Self.people(in: first) == [Self.tomas.rawValue, Self.erin.rawValue])
        #expect(Self.switchCurrent(in: first) == "/?strip=following")
        #expect(first.contains(">Following</button>") && first.contains(">Everyone</button>"))

        let chosen = await home.choose("everyone")
        #expect(chosen.status == .seeOther && chosen.headers["Location"] == "/", "a page left open must not choose again when it refreshes")
        let everyone = await home.page("/?strip=everyone")
        #expect(Self.people(in: everyone) == [Self.kenji, Self.tomas, Self.maya, Self.erin].map(\.rawValue))
        #expect(Self.switchCurrent(in: everyone) == "/?strip=everyone")
        // Remembered on the server for the account: a plain visit, and a second browser
        // signed in to the same account, get everyone.
        #expect(await home.strip() == [Self.kenji, Self.tomas, Self.maya, Self.erin].map(\.rawValue))
        let (other, _) = try await PostingFlowTests.signIn(home.app, home.pds)
        #expect(Self.people(in: await other.get("/").text).count == 4)

        #expect(await home.strip("/?strip=following") == [Self.tomas.rawValue, Self.erin.rawValue])
        #expect(await home.strip() == [Self.tomas.rawValue, Self.erin.rawValue])
        await home.close()
    }

    @Test func theViewerMovesThroughTheSameListWithAndWithoutTheScript() async throws {
        let home = try await Household(follows: [Self.tomas, Self.erin])
        _ = await home.strip()
        let tomas = try await home.stories(of: Self.tomas)
        let lastOfTomas = await home.peek(tomas[tomas.count - 1])
        // Following: after Tomás comes Erin (Maya, between them in everyone's strip, is not followed).
        #expect(Self.nextAuthor(in: lastOfTomas)?.hasPrefix(Self.profileLink(Self.erin) + "/story/") == true)
        #expect(HTMLInspection.link(rel: "next", in: lastOfTomas)?.hasPrefix(Self.profileLink(Self.erin) + "/story/") == true)
        #expect(Self.previousAuthor(in: await home.peek(tomas[0])) == nil, "Tomás leads the following strip")

        _ = await home.strip("/?strip=everyone")
        let everyone = await home.peek(tomas[tomas.count - 1])
        #expect(Self.nextAuthor(in: everyone)?.hasPrefix(Self.profileLink(Self.maya) + "/story/") == true)
        #expect(Self.previousAuthor(in: await home.peek(tomas[0]))?.hasPrefix(Self.profileLink(Self.kenji) + "/story/") == true)
        await home.close()
    }

    @Test func withNoOneFollowedLiveTheStripIsEveryonesAndFollowingSaysSo() async throws {
        let home = try await Household(follows: ["did:plc:quiet22222222222222222222"])
        let page = await home.browser.get("/").text
        #expect(Self.people(in: page).count == 4)
        #expect(Self.switchCurrent(in: page) == "/?strip=everyone")
        let following = await home.page("/?strip=following")
        #expect(Self.people(in: following).isEmpty)
        #expect(following.contains("None of the people you follow has a live story right now."))
        #expect(!following.contains("No one has a live story right now."))
        await home.close()
    }

    @Test func aBadStripValueIsAClearBadRequest() async throws {
        let home = try await Household()
        let signedIn = await home.browser.get("/?strip=friends")
        let signedOut = await home.app.respond("/?strip=friends")
        #expect(signedIn.status == .badRequest && signedIn.text.contains("following or everyone"))
        #expect(signedOut.status == .badRequest)
        #expect(await home.app.respond("/?strip=following").status == .ok, "signed out, everyone is shown")
        let posted = await home.choose("friends")
        #expect(posted.status == .badRequest && posted.text.contains("following or everyone"))
        await home.close()
    }

    /// A link (from another site, say) cannot change the saved choice: `/?strip=` only
    /// asks, and the form that saves it needs the page's token.
    @Test func onlyThePostedFormChangesTheStrip() async throws {
        let home = try await Household(follows: [Self.tomas, Self.erin])
        let asked = await home.browser.get("/?strip=everyone")
        #expect(asked.status == .ok)
        #expect(asked.text.contains("<h1>Show everyone&#39;s stories?</h1>") || asked.text.contains("<h1>Show everyone&#x27;s stories?</h1>"))
        #expect(asked.text.contains("action=\"/strip\"") && asked.text.contains("value=\"everyone\""))
        #expect(await home.strip() == [Self.tomas.rawValue, Self.erin.rawValue], "nothing changed by the link")
        let forged = await home.browser.post("/strip", form: [("strip", "everyone")])
        #expect(forged.status == .forbidden)
        #expect(await home.strip() == [Self.tomas.rawValue, Self.erin.rawValue], "nothing changed without the token")
        let token = try #require(CookieJar.csrfToken(in: asked.text))
        #expect(await home.browser.post("/strip", form: [("csrf", token), ("strip", "everyone")]).status == .seeOther)
        #expect(await home.strip().count == 4)
        await home.close()
    }

    @Test func blockedPeopleAppearNowhere() async throws {
        let home = try await Household(follows: [Self.kenji, Self.tomas], blocks: [Self.kenji, Self.maya])
        // Kenji is followed and blocked: the block wins in both strips.
        #expect(await home.strip() == [Self.tomas.rawValue])
        #expect(await home.strip("/?strip=everyone") == [Self.tomas, Self.erin].map(\.rawValue))
        let grid = HTMLInspection.section("people", in: await home.browser.get("/").text)
        #expect(!grid.contains(Self.kenji.rawValue) && !grid.contains(Self.maya.rawValue))
        // The viewer skips them: Tomás has no one before him, Erin follows him.
        let tomas = try await home.stories(of: Self.tomas)
        #expect(Self.previousAuthor(in: await home.peek(tomas[0])) == nil)
        #expect(Self.nextAuthor(in: await home.peek(tomas[tomas.count - 1]))?.hasPrefix(Self.profileLink(Self.erin)) == true)
        // Maya's profile has no ring and no stories, and says why.
        let profile = HTMLInspection.unescape(await home.browser.get(Self.profileLink(Self.maya)).text)
        #expect(profile.contains("ring-none") && !profile.contains("ring-unseen"))
        #expect(!profile.contains("profile-story\""))
        #expect(profile.contains("You block this person on Grain"))
        // Signed out, everyone is there as before.
        #expect(Self.people(in: await home.app.respond("/").text).count == 4)
        await home.close()
    }

    @Test func whenThePDSCannotBeReadThePageSaysWhatMayBeMissing() async throws {
        let home = try await Household(follows: [Self.tomas], blocks: [Self.maya])
        home.pds.inject(.status(500, error: "InternalServerError", message: "down"), on: "com.atproto.repo.listRecords", .always)
        let page = HTMLInspection.unescape(await home.browser.get("/").text)
        #expect(page.contains("Whom you block could not be read from your server just now"))
        #expect(Self.people(in: page).count == 4, "neither follows nor blocks are known: everyone")
        await home.close()
    }

    @Test func hidingFromAProfileAndUnhidingFromSettings() async throws {
        let home = try await Household()
        let profilePath = Self.profileLink(Self.maya)
        let profile = HTMLInspection.unescape(await home.browser.get(profilePath).text)
        #expect(profile.contains("Hide this person's stories"))
        #expect(profile.contains("<div class=\"profile-hide\"><form class=\"hide-form\""), "a form is not a paragraph's child")
        let token = try await home.csrf(on: profilePath)
        let hid = await home.browser.post(HiddenPage.path, form: [("csrf", token), ("action", "hide"), ("author", Self.maya.rawValue), ("back", profilePath)])
        let landing = try #require(hid.headers["Location"])
        #expect(hid.status == .seeOther && landing == HiddenPage.afterHiding(Self.maya, back: profilePath))
        // Hiding lands on a message with Undo (an unhide returning to where it was asked),
        // the person listed with their profile, and the way back; the menu links the page.
        let hiddenNow = HTMLInspection.unescape(await home.browser.get(landing).text)
        #expect(hiddenNow.contains("You hid Maya Okafor's stories."))
        let undo = try #require(hiddenNow.range(of: "class=\"notice hidden-undo\"").map { String(hiddenNow[$0.lowerBound...].prefix(800)) })
        // The same form token, masked afresh for this answer (`TokenMask`).
        let undoToken = try #require(CookieJar.csrfToken(in: undo))
        #expect(undo.contains("name=\"action\" value=\"unhide\"") && undoToken != token && TokenMask.unmask(undoToken) == TokenMask.unmask(token))
        #expect(undo.contains("name=\"back\" value=\"\(profilePath)\"") && undo.contains(">Undo</button>"))
        #expect(hiddenNow.contains("class=\"hidden-name\" href=\"\(profilePath)\""), "the hidden person's profile stays reachable")
        #expect(hiddenNow.contains("href=\"\(profilePath)\">Back to stories</a>"))
        #expect(
            HTMLInspection.unescape(await home.browser.get("/").text).contains("<a class=\"account-menu-item\" href=\"/settings/hidden\">Hidden people</a>"))
        #expect(!HTMLInspection.unescape(await home.browser.get(HiddenPage.path).text).contains("hidden-undo"), "the message only right after hiding")

        #expect(await home.strip("/?strip=everyone") == [Self.kenji, Self.tomas, Self.erin].map(\.rawValue))
        let hiddenProfile = HTMLInspection.unescape(await home.browser.get(profilePath).text)
        #expect(hiddenProfile.contains("You hid this person's stories.") && hiddenProfile.contains("Unhide their stories"))
        #expect(!hiddenProfile.contains("ring-unseen"))
        let tomas = try await home.stories(of: Self.tomas)
        #expect(Self.nextAuthor(in: await home.peek(tomas[tomas.count - 1]))?.hasPrefix(Self.profileLink(Self.erin)) == true)
        // The viewer's menu offers hiding too, not for her own stories.
        #expect(HTMLInspection.unescape(await home.peek(tomas[0])).contains("aria-label=\"Hide Tomás Reyes's stories\""))

        let settings = HTMLInspection.unescape(await home.browser.get(HiddenPage.path).text)
        #expect(settings.contains("Maya Okafor"))
        #expect(
            settings.range(of: #"<link rel="stylesheet" href="/assets/forms\.[0-9a-f]{10}\.css">"#, options: .regularExpression) != nil,
            "the page has the form pages' layout")
        #expect(settings.contains("aria-label=\"Unhide Maya Okafor's stories\""))
        let unhid = await home.browser.post(
            HiddenPage.path, form: [("csrf", token), ("action", "unhide"), ("author", Self.maya.rawValue), ("back", HiddenPage.path)])
        #expect(unhid.status == .seeOther && unhid.headers["Location"] == HiddenPage.path)
        #expect(await home.strip().count == 4)
        #expect(!(await home.browser.get(HiddenPage.path).text.contains("Maya Okafor")))
        await home.close()
    }

    @Test func hidingRefusesForgedAndMalformedForms() async throws {
        let home = try await Household()
        let token = try await home.csrf(on: "/")
        let forged = await home.browser.post(HiddenPage.path, form: [("csrf", "forged"), ("action", "hide"), ("author", Self.maya.rawValue)])
        let noAuthor = await home.browser.post(HiddenPage.path, form: [("csrf", token), ("action", "hide"), ("author", "maya")])
        let badAction = await home.browser.post(HiddenPage.path, form: [("csrf", token), ("action", "mute"), ("author", Self.maya.rawValue)])
        let own = await home.browser.post(HiddenPage.path, form: [("csrf", token), ("action", "hide"), ("author", FakePDS.Account.alice.did)])
        let offSite = await home.browser.post(
            HiddenPage.path, form: [("csrf", token), ("action", "hide"), ("author", Self.maya.rawValue), ("back", "//evil.example")])
        let signedOut = await home.app.respond(.get, HiddenPage.path)
        #expect(forged.status == .forbidden)
        #expect(noAuthor.status == .badRequest && noAuthor.text.contains("author must be a DID"))
        #expect(badAction.status == .badRequest)
        #expect(own.status == .badRequest)
        #expect(offSite.headers["Location"] == HiddenPage.afterHiding(Self.maya, back: nil), "back must be a path on this site")
        #expect(offSite.headers["Location"]?.contains("evil") == false)
        #expect(signedOut.status == .seeOther && signedOut.headers["Location"]?.hasPrefix("/signin") == true)
        await home.close()
    }

    @Test func unseenPeopleComeFirstAndTheViewerKeepsTheOrderItWasShown() async throws {
        let home = try await Household()
        let (kenji, tomas, maya, erin) = try await (
            home.stories(of: Self.kenji), home.stories(of: Self.tomas), home.stories(of: Self.maya), home.stories(of: Self.erin)
        )
        // Tomás (second in Grain's order) was seen before: the strip puts him last.
        for story in tomas { _ = await home.viewer(story) }
        #expect(await home.strip() == [Self.kenji, Self.maya, Self.erin, Self.tomas].map(\.rawValue))
        // Kenji is watched to the end, then Maya.
        for story in kenji { _ = await home.viewer(story) }
        let firstOfMaya = await home.viewer(maya[0])
        for story in maya.dropFirst() { _ = await home.viewer(story) }
        let lastOfErin = await home.viewer(erin[erin.count - 1])
        // The viewer keeps the order the strip was shown in: back from Maya is Kenji (seen
        // now, which would have put Maya first and left nobody before her), and on from
        // Erin is Tomás (not Kenji, first of the people seen by now, watched a minute ago).
        #expect(Self.previousAuthor(in: firstOfMaya)?.hasPrefix(Self.profileLink(Self.kenji) + "/story/") == true)
        #expect(Self.nextAuthor(in: lastOfErin)?.hasPrefix(Self.profileLink(Self.tomas) + "/story/") == true)
        #expect(HTMLInspection.link(rel: "next", in: lastOfErin)?.hasPrefix(Self.profileLink(Self.tomas) + "/story/") == true)
        // A strip drawn afresh has everyone seen, so in Grain's order.
        #expect(await home.strip() == [Self.kenji, Self.tomas, Self.maya, Self.erin].map(\.rawValue))
        await home.close()
    }

    @Test func theNextPersonStartsAtTheirFirstUnseenStory() async throws {
        let home = try await Household()
        let (tomas, maya) = try await (home.stories(of: Self.tomas), home.stories(of: Self.maya))
        #expect(maya.count == 3)
        _ = await home.viewer(maya[0])
        _ = await home.strip()
        let lastOfTomas = await home.viewer(tomas[tomas.count - 1])
        let second = StoryLinks.story(did: Self.maya, handle: Self.handles[Self.maya], rkey: maya[1].rkey)
        #expect(Self.nextAuthor(in: lastOfTomas) == second)
        #expect(HTMLInspection.link(rel: "next", in: lastOfTomas) == second)
        let opened = await home.browser.get(StoryLinks.author(Self.maya))
        #expect(opened.headers["Location"] == second)
        await home.close()
    }
}
