import ATProtoTestKit
import AppTestKit
import Foundation
import Testing

/// What the viewer shows around the photo, measured in Chromium on a phone: the comment
/// sheet in light mode, the Share panel, holding a finger down, and reduced motion.
@Suite(.serialized) struct ViewerChromeBrowserTests {
    typealias F = BrowserFixture
    static let rkey = "3muojebufwseb"

    /// JavaScript: `contrast(a, b)` of two computed colours (`rgb(…)`/`rgba(…)`), WCAG's ratio.
    static let contrastHelpers = """
        const channels = (color) => color.match(/[\\d.]+/g).map(Number);
        const luminance = (color) => { const [r, g, b] = channels(color).slice(0, 3).map(v => v / 255)
            .map(c => c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4)); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
        const alpha = (color) => { const parts = channels(color); return parts.length > 3 ? parts[3] : 1; };
        const contrast = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
        """

    /// In light mode the sheet is opaque (the bottom bar neither shows through it nor
    /// stays in view), its filled buttons stand out from it (3:1) and every control's
    /// words are readable (4.5:1).
    @Test func inLightModeTheCommentSheetIsOpaqueAndItsButtonsStandOut() async throws {
        try await F.run { f in
            try await f.browser.cdp(
                "Emulation.setEmulatedMedia",
                ["features": [["name": "prefers-color-scheme", "value": "light"], ["name": "prefers-reduced-motion", "value": "reduce"]]])
            try await f.open(F.maya, Self.rkey, expectRunning: false)
            try await f.browser.click(try await f.browser.element(".comment-pill"))
            #expect(try await f.browser.waitUntil("return !!document.querySelector('.comment-sheet .comments-title')"), "the sheet loaded")
            let facts = try await f.browser.execute(
                Self.contrastHelpers + """
                    const sheet = document.querySelector('.comment-sheet'), ground = getComputedStyle(sheet).backgroundColor;
                    const controls = [...sheet.querySelectorAll('button, a.button, .link-button')].filter(el => el.getBoundingClientRect().width > 0);
                    const looks = controls.map(el => {
                        const style = getComputedStyle(el), filled = alpha(style.backgroundColor) === 1;
                        return { name: el.textContent.trim(), text: contrast(style.color, filled ? style.backgroundColor : ground),
                                 edge: filled ? contrast(style.backgroundColor, ground) : 21 };
                    });
                    const bar = [...document.querySelectorAll('dialog.viewer .viewer-social, dialog.viewer .viewer-actions')]
                        .filter(el => getComputedStyle(el).visibility !== 'hidden').map(el => el.className);
                    return { sheetAlpha: alpha(ground), looks: looks, barShown: bar, light: matchMedia('(prefers-color-scheme: light)').matches };
                    """)
            #expect(facts["light"]?.bool == true)
            #expect(facts["sheetAlpha"]?.double == 1, "the sheet is see-through: \(facts)")
            #expect(facts["barShown"]?.array?.isEmpty == true, "the bottom bar is still in view: \(facts)")
            let looks = facts["looks"]?.array ?? []
            #expect(looks.count >= 2, "the close button and the sign-in button at least: \(facts)")
            for look in looks {
                #expect((look["text"]?.double ?? 0) >= 4.5, "words: \(look)")
                #expect((look["edge"]?.double ?? 0) >= 3, "a filled button against the sheet: \(look)")
            }
        }
    }

    /// The comments page (without the script's sheet) in light mode: the comment field is
    /// light like the page, not a black box.
    @Test func inLightModeTheCommentsPageHasNoBlackBox() async throws {
        let pds = try FakePDS(accounts: [.alice])
        defer { pds.stop() }
        try await F.run { f in
            try await f.browser.cdp("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "light"]]])
            try await f.signIn(pds)
            try await f.browser.navigate(f.storyURL(F.maya, Self.rkey) + "/comments")
            #expect(try await f.browser.waitUntil("return !!document.querySelector('#comment-text')"), "the comment field")
            let facts = try await f.browser.execute(
                Self.contrastHelpers + """
                    const field = getComputedStyle(document.querySelector('#comment-text'));
                    return { field: luminance(field.backgroundColor), page: luminance(getComputedStyle(document.body).backgroundColor),
                             words: contrast(field.color, field.backgroundColor) };
                    """)
            #expect((facts["page"]?.double ?? 0) > 0.9, "\(facts)")
            #expect((facts["field"]?.double ?? 0) > 0.8, "the field is dark on a light page: \(facts)")
            #expect((facts["words"]?.double ?? 0) >= 4.5, "\(facts)")
        }
    }

    /// The open Share panel does not lie over the comment line ("0 comments"): the line
    /// steps aside while the panel is open.
    @Test func theSharePanelDoesNotCoverTheCommentLine() async throws {
        try await F.run(reducedMotion: true) { f in
            try await f.open(F.maya, Self.rkey, expectRunning: false)
            try await f.browser.click(try await f.browser.element(".viewer-share > summary"))
            #expect(try await f.browser.waitUntil("return document.querySelector('.viewer-share').open"))
            let clear = try await f.browser.execute(
                F.boxHelpers + """
                    const panel = box(document.querySelector('.share-panel'));
                    const words = [...document.querySelectorAll('dialog.viewer .viewer-social > *')]
                        .filter(el => getComputedStyle(el).visibility !== 'hidden' && el.getBoundingClientRect().width > 0);
                    return { inside: inside(panel, screenBox), covered: words.filter(el => !apart(box(el), panel)).map(el => el.className) };
                    """)
            #expect(clear["inside"]?.bool == true, "\(clear)")
            #expect(clear["covered"]?.array?.isEmpty == true, "under the panel: \(clear)")
        }
    }

    /// Holding a finger down clears the screen to the photo (bars, header and buttons
    /// fade out), and letting go brings them back. Reduced motion keeps the story from
    /// moving on by itself while the finger is held (a playing story could end, and the
    /// viewer move on or close, between the touch and the checks on a busy machine).
    @Test func holdingAFingerDownClearsTheScreenToThePhoto() async throws {
        let chrome =
            "[...document.querySelectorAll('dialog.viewer .progress, dialog.viewer .viewer-header, dialog.viewer .viewer-social, dialog.viewer .viewer-actions')]"
        try await F.run(reducedMotion: true) { f in
            try await f.open(F.maya, Self.rkey, expectRunning: false)
            #expect(try await f.browser.waitUntil("return \(chrome).every(el => getComputedStyle(el).opacity === '1')"), "the controls show at first")
            try await f.browser.cdp("Input.dispatchTouchEvent", ["type": "touchStart", "touchPoints": [["x": 195, "y": 422]]])
            #expect(
                try await f.browser.waitUntil("return document.querySelector('dialog.viewer').classList.contains('is-held')", timeout: .seconds(5)),
                "the finger holds the story")
            #expect(
                try await f.browser.waitUntil("return \(chrome).length === 4 && \(chrome).every(el => getComputedStyle(el).opacity === '0')"),
                "held: only the photo")
            try await f.browser.cdp("Input.dispatchTouchEvent", ["type": "touchEnd", "touchPoints": []])
            #expect(try await f.browser.waitUntil("return \(chrome).every(el => getComputedStyle(el).opacity === '1')"), "let go: the controls are back")
        }
    }

    /// Reduced motion opens the story paused and says why, until it is played.
    @Test func reducedMotionSaysWhyTheStoryIsPaused() async throws {
        let note = "const note = document.querySelector('dialog.viewer .viewer-motion-note');"
        try await F.run(reducedMotion: true) { f in
            try await f.open(F.maya, Self.rkey, expectRunning: false)
            #expect(
                try await f.browser.waitUntil(
                    F.boxHelpers + note + "return !!note && note.textContent.includes('reduced motion') && inside(box(note), screenBox) && box(note).height > 0"
                ),
                "the page says why it is paused")
            try await f.browser.press(WebDriver.space)
            #expect(try await f.browser.waitUntil(F.isRunning), "Space plays it")
            #expect(try await f.browser.waitUntil(note + "return !note"), "and the note goes")
        }
    }
}
