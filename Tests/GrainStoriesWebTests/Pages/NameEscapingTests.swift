import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing
import Viewing

@testable import GrainStoriesWeb

/// Every page that prints a name from the network (a display name: anyone can set it to
/// markup) prints it as text. Each test looks at one page, in the part of the page that
/// prints the name, so it fails when that page's escaping goes. Pages already pinned
/// elsewhere: the visitor's strip, the viewer and the profile (`HostileContentTests`), the
/// comments page and the viewer's latest comment (`CommentPageTests`), TV
/// (`TVPageTests`). Handles are checked when decoded (markup is no handle, see
/// `HostileContentTests`), so the account menu, which prints only the handle, can only
/// ever print a valid one.
@Suite struct NameEscapingTests {
    static let evil = "<script>alert(1)</script>\"'"
    static let escaped = "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;"
    static let maya = AccountStripTests.maya
    static let tomas = AccountStripTests.tomas

    private func expectText(_ html: String, _ place: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!html.contains("<script>alert"), "\(place) prints the name raw", sourceLocation: sourceLocation)
        #expect(!html.contains("\"'"), "\(place) leaves its quotes", sourceLocation: sourceLocation)
        #expect(html.contains(Self.escaped), "\(place) shows the name as text", sourceLocation: sourceLocation)
    }

    @Test func theHiddenPeopleListPrintsNamesAsText() async throws {
        let home = try await AccountStripTests.Household()
        home.app.library.update { state in
            var profile = ProfileViewDetailed(did: Self.maya, handle: "mayaokafor.bsky.social")
            profile.displayName = Self.evil
            state.profiles[.did(Self.maya)] = profile
        }
        let token = try await home.csrf(on: "/")
        _ = await home.browser.post(HiddenPage.path, form: [("csrf", token), ("action", "hide"), ("author", Self.maya.rawValue)])
        let html = await home.browser.get(HiddenPage.path).text
        await home.close()
        let list = html.components(separatedBy: "<ul class=\"hidden-list\">").last ?? ""
        expectText(list, "/settings/hidden")
        #expect(list.contains("aria-label=\"Unhide \(Self.escaped)&#39;s stories\""))
    }

    @Test func theSignedInStripAndGridPrintNamesAsText() async throws {
        let home = try await AccountStripTests.Household()
        home.app.library.update { state in
            for index in state.authors.indices where state.authors[index].profile.did == Self.tomas {
                state.authors[index].profile.displayName = Self.evil
            }
        }
        let page = await home.page("/?strip=everyone")
        await home.close()
        expectText(HTMLInspection.section("strip", in: page), "the strip")
        expectText(HTMLInspection.section("people", in: page), "the grid")
    }

    @Test func theViewerOfAPersonSignedInPrintsTheAuthorsNameAsText() async throws {
        let home = try await AccountStripTests.Household()
        home.app.library.update { state in
            for index in state.stories[Self.tomas]!.indices { state.stories[Self.tomas]![index].creator.displayName = Self.evil }
        }
        let story = try #require(try await home.stories(of: Self.tomas).first)
        let html = await home.viewer(story)
        await home.close()
        expectText(html.components(separatedBy: "<header class=\"viewer-header\">").last ?? "", "the viewer's header")
        #expect(html.contains("aria-label=\"Hide \(Self.escaped)&#39;s stories\""), "the hide form's name")
    }

    /// The display name a person's own profile record gives at sign-in is theirs to set:
    /// it is printed with their own comments, as text.
    @Test func theSignedInPersonsOwnNameIsPrintedAsText() async throws {
        let h = try await SocialHarness()
        _ = try h.pds.seedRecord(["displayName": .string(Self.evil)], collection: "app.bsky.actor.profile", rkey: "self")
        let alice = try await h.signIn()
        let form = await alice.get(SocialHarness.commentsPath).text
        let token = try #require(CookieJar.csrfToken(in: form.components(separatedBy: "class=\"comment-form\"").last ?? ""))
        _ = await alice.post(SocialHarness.commentsPath, form: [("csrf", token), ("text", "Mine")])
        let page = await alice.get(SocialHarness.commentsPath).text
        let home = await alice.get("/").text
        await h.stop()
        expectText(page.components(separatedBy: "<ol class=\"comment-list\">").last ?? "", "the comments page")
        #expect(!home.contains("<script>alert"), "the home page with the account's own tile and menu")
        #expect(home.contains("@alice.test"), "the account menu names the handle")
    }
}
