import ATProtoTestKit
import AppTestKit
import Foundation
import TestKit
import Testing

/// The small things a person minds, measured in headless Chromium: the Hidden people
/// page's layout and its Unhide button, Escape on the account menu, the photo chooser
/// without JavaScript, and a comment's letter avatar.
@Suite(.serialized) struct FinishingTouchesBrowserTests {
    typealias F = BrowserFixture

    /// Runs `body` in a fixture with Alice signed in on a fresh PDS.
    private func signedIn(screen: BrowserScreen = .phone, _ body: (BrowserFixture) async throws -> Void) async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        try await F.run(reducedMotion: true, screen: screen) { f in
            try await f.signIn(pds)
            try await body(f)
        }
    }

    @Test(arguments: [BrowserScreen.phone, .desktop])
    func theHiddenPeoplePageHasSmallAvatarsPaddingAndARealUnhideButton(screen: BrowserScreen) async throws {
        try await signedIn(screen: screen) { f in
            try await f.browser.navigate("\(f.base)/profile/\(F.linked(F.maya))")
            try await f.browser.click(try await f.browser.element(".profile-hide button"))
            #expect(try await f.waitForPath("/settings/hidden"))
            #expect(try await f.browser.waitUntil("return document.readyState === 'complete'"), "the stylesheets have loaded")
            let boxes = try await f.browser.execute(
                """
                const box = (css) => document.querySelector(css).getBoundingClientRect();
                const avatar = box('.hidden-item .avatar'), unhide = box('.hidden-item .hide-form button');
                const name = box('.hidden-name'), undo = box('.hidden-undo button');
                return { avatar: [avatar.width, avatar.height], unhide: [unhide.width, unhide.height, unhide.right],
                         undo: [undo.width, undo.height], nameLeft: name.left, width: document.documentElement.clientWidth };
                """)
            let avatar = boxes["avatar"]?.array?.compactMap(\.double) ?? []
            let unhide = boxes["unhide"]?.array?.compactMap(\.double) ?? []
            let undo = boxes["undo"]?.array?.compactMap(\.double) ?? []
            let width = boxes["width"]?.double ?? 0
            #expect(avatar.count == 2 && avatar.allSatisfy { $0 >= 32 && $0 <= 64 }, "a small avatar, not a page-wide circle: \(boxes)")
            #expect(unhide.count == 3 && unhide[0] >= 44 && unhide[1] >= 44, "Unhide is a 44 px target: \(boxes)")
            #expect(undo.count == 2 && undo[0] >= 44 && undo[1] >= 44, "Undo too: \(boxes)")
            #expect((boxes["nameLeft"]?.double ?? 0) >= 12 && unhide.last.map { $0 <= width - 12 } == true, "nothing touches the edges: \(boxes)")
        }
    }

    @Test func escapeClosesTheAccountMenu() async throws {
        try await signedIn { f in
            try await f.browser.click(try await f.browser.element("details.account-menu > summary"))
            #expect(try await f.browser.waitUntil("return document.querySelector('details.account-menu').open"))
            #expect(
                try await f.browser.execute(
                    "return [...document.querySelectorAll('.account-menu-item')].some(a => a.getAttribute('href') === '/settings/hidden')"
                )
                .bool == true, "the menu leads to Hidden people")
            try await f.browser.press(WebDriver.escape)
            #expect(try await f.browser.waitUntil("return !document.querySelector('details.account-menu').open"), "Escape closes the menu")
            #expect(try await f.browser.execute("return document.activeElement.matches('details.account-menu > summary')").bool == true)
        }
    }

    /// Exactly one photo picker shows either way: with posting.js the big target stands
    /// for the (visually hidden) input; without it (the form is not marked
    /// `data-enhanced`) the browser's own input, which names the photo chosen, with the
    /// target reduced to its label above it (no box, no icon: not a second picker).
    @Test func exactlyOnePhotoPickerShowsWithAndWithoutJavaScript() async throws {
        try await signedIn { f in
            try await f.browser.navigate("\(f.base)/stories/new")
            #expect(try await f.browser.waitUntil("return document.querySelector('form.upload-form').dataset.enhanced === '1'"))
            let measure = """
                const input = document.querySelector('#photo'), r = input.getBoundingClientRect();
                const target = document.querySelector('.file-target'), t = target.getBoundingClientRect(), style = getComputedStyle(target);
                const icon = document.querySelector('.file-target-icon').getBoundingClientRect();
                // A picker is what looks like one: the drawn input, or the target drawn as a box.
                const inputShown = r.width > 1 && r.height > 1 && Number(getComputedStyle(input).opacity) > 0;
                const boxShown = t.height >= 100 && style.borderStyle !== 'none' && icon.width > 0;
                return { pickers: (inputShown ? 1 : 0) + (boxShown ? 1 : 0), inputShown, boxShown,
                         input: [r.width, r.height, r.top], labelBottom: t.bottom };
                """
            let scripted = try await f.browser.execute(measure)
            #expect(scripted["pickers"]?.double == 1 && scripted["boxShown"]?.bool == true, "with the script, the big target alone: \(scripted)")
            try await f.browser.execute("document.querySelector('form.upload-form').removeAttribute('data-enhanced')")
            let plain = try await f.browser.execute(measure)
            #expect(plain["pickers"]?.double == 1 && plain["inputShown"]?.bool == true, "without it, the browser's input alone: \(plain)")
            let input = plain["input"]?.array?.compactMap(\.double) ?? []
            #expect(input.count == 3 && input[0] >= 100 && input[1] >= 24, "drawn at a usable size: \(plain)")
            #expect(input.count == 3 && input[2] >= (plain["labelBottom"]?.double ?? .infinity), "under its label: \(plain)")
        }
    }

    @Test func aCommentsLetterAvatarIsNotALinkBlueUnderline() async throws {
        try await F.run { f in
            try await f.browser.navigate("\(f.base)/profile/\(F.linked(F.maya))/story/3muojebufwseb/comments")
            let style = try await f.browser.execute(
                """
                const link = document.createElement('a');
                link.className = 'comment-avatar';
                link.href = '/profile/erin-walks.bsky.social';
                link.innerHTML = '<span class="avatar avatar-initial" aria-hidden="true">E</span>';
                document.querySelector('main').appendChild(link);
                // The underline is drawn in the link's colour, so it is the link's that matters.
                const style = getComputedStyle(link);
                return [style.textDecorationLine, style.color === getComputedStyle(link.parentElement).color ? 'text' : style.color];
                """)
            #expect(style.array?.compactMap(\.string) == ["none", "text"], "\(style)")
        }
    }

    /// In the viewer's comment sheet, Delete on one's own comment unfolds "Yes, delete" in
    /// place (no `window.confirm`, which would stop the script); only that deletes it.
    @Test func deletingACommentInTheSheetAsksInPlaceFirst() async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        try await F.run(screen: .phone) { f in
            let browser = f.browser
            try await f.signIn(pds)
            try await f.open(F.maya, "3muojebufwseb")
            try await browser.execute("document.querySelector('.viewer-pause').click()")
            #expect(try await browser.waitUntil(F.isSettledPaused))
            try await browser.click(try await browser.element(".comment-pill"))
            #expect(try await browser.waitUntil("return !!document.querySelector('.comment-sheet form.comment-form:not(.comment-reply-form) textarea')"))
            let field = try await browser.element(".comment-sheet form.comment-form:not(.comment-reply-form) textarea")
            try await browser.sendKeys(field, "Mine to delete")
            try await browser.click(try await browser.element(".comment-sheet form.comment-form:not(.comment-reply-form) button[type=submit]"))
            #expect(try await browser.waitUntil("return !!document.querySelector('.comment-sheet .comment-delete-confirm summary')"), "my comment shows")
            #expect(pds.records("social.grain.comment", of: FakePDS.Account.alice.did).count == 1)
            try await browser.click(try await browser.element(".comment-sheet .comment-delete-confirm summary"))
            #expect(
                try await browser.waitUntil(
                    "const yes = document.querySelector('.comment-sheet .comment-delete-yes'); return !!yes && yes.getBoundingClientRect().height > 0"),
                "Delete unfolds the question")
            #expect(pds.records("social.grain.comment", of: FakePDS.Account.alice.did).count == 1, "one tap deletes nothing")
            try await browser.click(try await browser.element(".comment-sheet .comment-delete-yes"))
            #expect(
                await eventually { pds.records("social.grain.comment", of: FakePDS.Account.alice.did).isEmpty },
                "Yes, delete deletes it")
        }
    }
}
