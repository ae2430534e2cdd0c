import ATProto
import ATProtoTestKit
import AppTestKit
import Foundation
import HTTPTestKit
import PhotoTestKit
import TestKit
import Testing

/// Every page state issue 24 asks to be checked, reached one after another in one browser
/// session against one server (the stand-in AppView and a fake PDS), so the accessibility
/// and layout tests look at each state without paying for a server and a browser per
/// page: home signed out and in; the viewer, with the comment sheet, the menu, a content
/// warning and Share open; a profile, the archive, the comments page, sign-in, a new
/// story, a draft, a failed and a posting story, Hidden people, and TV mode.
///
/// The states are reached as a person reaches them (the forms are filled and sent), in
/// an order where each needs only what came before: signed out first, then signed in
/// with an account that follows Maya and Erin, posting last but one (its PDS stalls from
/// then on), and the archive last, as Maya, whose archive only she sees.
struct PageTour {
    typealias F = BrowserFixture

    /// The account signed in for most of the tour (an account of its own, as the identity
    /// directory says where each account lives and suites share it).
    static let account = FakePDS.Account(handle: "tour.test", did: "did:plc:tour22222222222222222222", password: "tour-app-password")
    static let first = "3muojebufwseb"
    /// Maya's story with a content warning (a label).
    static let labelled = "3muovdv3qvkv2"

    let f: F
    let pds: FakePDS

    /// Walks the tour, calling `visit` with each state's name once the page shows it.
    func walk(_ visit: (String) async throws -> Void) async throws {
        f.appView.addComment(
            StandInComment(
                uri: "at://\(F.erin.rawValue)/social.grain.comment/3mtourcomment1", subject: "at://\(F.maya.rawValue)/social.grain.story/\(Self.first)",
                authorDID: F.erin.rawValue, handle: F.linked(F.erin), displayName: "Erin", text: "What a light!", createdAt: Date().addingTimeInterval(-600)))
        let maya = "/profile/\(F.linked(F.maya))"

        try await show("/", until: "!!document.querySelector('main.home')")
        try await visit("home, signed out")
        try await show("/signin", until: "!!document.querySelector('#identifier')")
        try await visit("sign-in")
        try await openViewer(Self.first)
        try await visit("viewer, signed out")
        try await openViewer(Self.labelled)
        #expect(try await f.browser.waitUntil("return !!document.querySelector('dialog.viewer .label-gate:not([open])')"), "no content warning")
        try await visit("viewer, content warning")
        try await show(maya, until: "!!document.querySelector('.profile-counts')")
        try await visit("profile")
        try await show(maya + "/story/\(Self.first)/comments", until: "!!document.querySelector('.comment-avatar')")
        try await visit("comments page, signed out")
        try await TVBrowserTests.open(f, "interval=60")
        try await visit("TV")

        try await F.signIn(f.browser, base: f.base, pds: pds, account: Self.account)
        try await show("/", until: "!!document.querySelector('main.home .strip-list')")
        try await visit("home, signed in")
        try await f.browser.click(try await f.browser.element("details.account-menu > summary"))
        #expect(try await f.browser.waitUntil("return document.querySelector('details.account-menu').open"))
        try await visit("home, account menu open")
        try await openViewer(Self.first)
        try await visit("viewer, signed in")
        try await f.browser.execute("document.querySelector('dialog.viewer .comment-pill').click()")
        #expect(
            try await f.browser.waitUntil("return !!document.querySelector('dialog.viewer .comment-sheet .comment-avatar')"), "the comment sheet never opened")
        try await visit("viewer, comment sheet open")
        try await openViewer(Self.first)
        try await f.browser.execute("document.querySelector('dialog.viewer .viewer-more summary').click()")
        #expect(try await f.browser.waitUntil("return document.querySelector('dialog.viewer .viewer-more').open"))
        try await visit("viewer, menu open")
        try await openViewer(Self.first)
        try await f.browser.execute("document.querySelector('dialog.viewer .viewer-share summary').click()")
        #expect(try await f.browser.waitUntil("return document.querySelector('dialog.viewer .viewer-share').open"))
        try await visit("viewer, share open")
        try await show(
            maya + "/story/\(Self.first)/comments",
            until: "!!document.querySelector('.comment-avatar') && !!document.querySelector('form.comment-form textarea')")
        try await visit("comments page, signed in")

        // Hiding Erin from her profile lands on Hidden people (with Undo).
        try await show("/profile/\(F.linked(F.erin))", until: "!!document.querySelector('.profile-hide button')")
        try await f.browser.click(try await f.browser.element(".profile-hide button"))
        #expect(try await f.waitForPath("/settings/hidden"))
        #expect(try await f.browser.waitUntil("return document.readyState === 'complete' && !!document.querySelector('.hidden-item')"))
        try await visit("hidden people")

        try await show("/stories/new", until: "document.querySelector('form.upload-form')?.dataset.enhanced === '1'")
        try await visit("new story")
        let draft = try await upload("IMG_2041.jpg")
        try await visit("draft")
        // The PDS refuses the photo: the post fails for good.
        pds.inject(.status(400, error: "RepoNotFound", message: "Repo not found"), on: "com.atproto.repo.uploadBlob", .always)
        try await f.browser.click(try await f.browser.element("form.draft-form button[value=publish]"))
        // The post is sent before the page is loaded again (a load too early would cancel it).
        #expect(try await f.browser.waitUntil("return !!document.querySelector('.post-status')", timeout: .seconds(20)), "Post story was never sent")
        try await show(draft, until: "!!document.querySelector('.post-status .form-error')", reloading: true)
        try await visit("posting failed")
        // The PDS never answers: the second post stays "posting".
        pds.clearFaults()
        pds.inject(.stall, on: "com.atproto.repo.createRecord", .always)
        try await show("/stories/new", until: "document.querySelector('form.upload-form')?.dataset.enhanced === '1'")
        _ = try await upload("IMG_2042.jpg")
        try await f.browser.click(try await f.browser.element("form.draft-form button[value=publish]"))
        #expect(try await f.browser.waitUntil("return !!document.querySelector('.status-actions button[value=cancel]')", timeout: .seconds(20)))
        try await visit("posting")
        try await show("/", until: "!!document.querySelector('main.home')")
        try await visit("home, posts not posted yet")

        // Maya, signed in as a second account, sees her archive on her profile.
        try await F.signIn(f.browser, base: f.base, pds: pds, account: ViewerEntryBrowserTests.mayaAccount)
        try await show(maya, until: "!!document.querySelector('a.archive-tile')")
        try await visit("archive")
    }

    /// Goes to `path` and waits until `condition` (a JavaScript expression) holds and the
    /// page's stylesheets and images have loaded; `reloading` loads the page again every
    /// few seconds while it does not (a state reached on the server, not in the page).
    private func show(_ path: String, until condition: String, reloading: Bool = false) async throws {
        let script = "return document.readyState === 'complete' && (\(condition))"
        for _ in 0..<(reloading ? 6 : 1) {
            try await f.browser.navigate(f.base + path)
            if try await f.browser.waitUntil(script, timeout: .seconds(reloading ? 5 : 20)) { return }
        }
        throw BrowserTestError("\(path) never showed \(condition)")
    }

    /// Opens one of Maya's stories directly and waits for its photo.
    private func openViewer(_ rkey: String) async throws {
        try await show("/profile/\(F.linked(F.maya))/story/\(rkey)", until: "!!document.querySelector('dialog.viewer[open] .viewer-stage')")
        try await f.waitForPhoto()
    }

    /// Chooses a photo on the new-story page (it uploads at once) and answers the draft's
    /// path once its form shows.
    private func upload(_ name: String) async throws -> String {
        let photo = ProjectPaths.temporaryDirectory("tour") + "/" + name
        try Data(try SamplePhotos.portlandPhone()).write(to: URL(fileURLWithPath: photo))
        try await f.browser.sendKeys(try await f.browser.element("#photo"), photo)
        let script = "return location.pathname.startsWith('/drafts/') && !!document.querySelector('main.draft-page form.draft-form')"
        guard try await f.browser.waitUntil(script, timeout: .seconds(30)) else { throw BrowserTestError("the draft never showed") }
        #expect(try await f.browser.waitUntil("const img = document.querySelector('.draft-photo img'); return img.complete && img.naturalWidth > 0"))
        return try await f.path()
    }
}
