import ATProto
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing
import Viewing

@testable import GrainStoriesWeb

/// Unseen people first for a visitor who is not signed in (their seen state is in their
/// browser's cookie), with the viewer keeping to the order the strip was shown in (the
/// `strip` cookie names it), as for signed-in people.
@Suite struct VisitorStripTests {
    typealias S = AccountStripTests

    struct Visitor {
        let app: AppHarness
        let browser: CookieJar

        init() async throws {
            app = try await AppHarness()
            browser = CookieJar(app)
        }

        func strip() async -> [String] { S.people(in: await browser.get("/").text) }
        func stories(of did: DID) async throws -> [StoryView] { try await app.library.stories(of: did).value }
        func viewer(_ story: StoryView) async -> String {
            await browser.get(StoryLinks.story(story)).text
        }
    }

    @Test func unseenPeopleComeFirstAndTheViewerKeepsTheOrderItWasShown() async throws {
        let home = try await Visitor()
        let (kenji, tomas, maya, erin) = try await (home.stories(of: S.kenji), home.stories(of: S.tomas), home.stories(of: S.maya), home.stories(of: S.erin))
        #expect(await home.strip() == [S.kenji, S.tomas, S.maya, S.erin].map(\.rawValue), "nothing seen: Grain's order")
        #expect(home.browser[HomePage.stripCookie] == nil, "Grain's order needs no cookie")
        // Tomás (second in Grain's order) was seen before: the strip puts him last.
        for story in tomas { _ = await home.viewer(story) }
        #expect(await home.strip() == [S.kenji, S.maya, S.erin, S.tomas].map(\.rawValue))
        #expect(home.browser[HomePage.stripCookie] != nil, "the order shown is named")
        // Kenji is watched to the end, then Maya.
        for story in kenji { _ = await home.viewer(story) }
        let firstOfMaya = await home.viewer(maya[0])
        for story in maya.dropFirst() { _ = await home.viewer(story) }
        let lastOfErin = await home.viewer(erin[erin.count - 1])
        // Back from Maya is Kenji (seen now, which afresh would have put Maya first), and
        // on from Erin is Tomás (not Kenji, first of the people seen by now).
        #expect(S.previousAuthor(in: firstOfMaya)?.hasPrefix(S.profileLink(S.kenji) + "/story/") == true)
        #expect(S.nextAuthor(in: lastOfErin)?.hasPrefix(S.profileLink(S.tomas) + "/story/") == true)
        #expect(HTMLInspection.link(rel: "next", in: lastOfErin)?.hasPrefix(S.profileLink(S.tomas) + "/story/") == true)
        // Everyone seen: Grain's order again, and the cookie goes.
        #expect(await home.strip() == [S.kenji, S.tomas, S.maya, S.erin].map(\.rawValue))
        #expect(home.browser[HomePage.stripCookie] == nil)
        await home.app.shutdown()
    }

    /// Without the cookie (a viewer opened from a link, or the order forgotten) the
    /// viewer moves in Grain's order; a cookie naming nothing known changes nothing.
    @Test func withoutAKnownOrderTheViewerMovesInGrainsOrder() async throws {
        let home = try await Visitor()
        let (tomas, kenji) = try await (home.stories(of: S.tomas), home.stories(of: S.kenji))
        for story in tomas { _ = await home.viewer(story) }
        let lastOfKenji = await home.viewer(kenji[kenji.count - 1])
        #expect(S.nextAuthor(in: lastOfKenji)?.hasPrefix(S.profileLink(S.tomas) + "/story/") == true)
        let seen = try #require(home.browser["seen"])
        let forged = await home.app.respond(
            .get, StoryLinks.story(did: S.kenji, handle: nil, rkey: kenji[kenji.count - 1].rkey),
            headers: [("Cookie", "\(HomePage.stripCookie)=00000000000000000000000000000000; seen=\(seen)")])
        #expect(S.nextAuthor(in: forged.text)?.hasPrefix(S.profileLink(S.tomas) + "/story/") == true)
        await home.app.shutdown()
    }
}
