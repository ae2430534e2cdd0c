import ATProtoTestKit
import AppTestKit
import Foundation
import PhotoTestKit
import Testing

/// How the viewer's photo and controls use the screen, measured from element boxes in
/// Chromium: the photo fills a phone when its shape is close to the screen's and sits
/// whole on a blurred copy of itself otherwise; no control straddles the photo's edge;
/// at 200 % zoom everything stays on the photo or its copy and the comment sheet leaves
/// half the story in view.
@Suite(.serialized) struct ViewerFitBrowserTests {
    typealias F = BrowserFixture
    static let rkey = "3muojebufwseb"

    /// JavaScript after `boxHelpers` and `photoHelpers`: the viewer's stage, whether the
    /// blurred copy covers all of it, and the controls shown over the story.
    static let stageHelpers = """
        const stage = () => box(document.querySelector('dialog.viewer .viewer-stage'));
        const copyCovers = () => {
            const copy = document.querySelector('dialog.viewer .story-backdrop');
            return !!copy && getComputedStyle(copy).display !== 'none' && getComputedStyle(copy).filter.includes('blur') && inside(stage(), box(copy));
        };
        const controls = () => [...document.querySelectorAll(
            'dialog.viewer .viewer-header .viewer-button, dialog.viewer .viewer-author, dialog.viewer .viewer-actions .viewer-button, dialog.viewer .comment-pill')]
            .filter(el => getComputedStyle(el).visibility !== 'hidden' && el.getBoundingClientRect().width > 0);
        """

    static let layoutReport = """
        const img = image();
        return { photo: photoBox(), crop: photoCrop(), stage: stage(), copy: copyCovers(), natural: [img.naturalWidth, img.naturalHeight],
                 controls: controls().map(el => [el.className, box(el)]), screen: [innerWidth, innerHeight] };
        """

    /// A 9:16 photo fills a 390 × 844 phone (cut by less than a fifth at its sides); a 3:4
    /// photo is shown whole, as wide as the phone, on its blurred copy instead of black.
    @Test(arguments: [640, 480]) func onAPhoneThePhotoFillsTheScreenOrSitsWholeOnItsBlurredCopy(photoHeight: Int) async throws {
        try await F.run(reducedMotion: true, photo: TestImages.photoLike(width: 360, height: photoHeight)) { f in
            try await f.open(F.maya, Self.rkey, expectRunning: false)
            try await f.waitForPhoto()
            let condition =
                photoHeight == 640
                ? "return inside(screenBox, photoBox()) && photoCrop() > 0 && photoCrop() <= 0.2"
                : "return photoCrop() === 0 && photoBox().width >= innerWidth - 1 && copyCovers()"
            let filled = try await f.browser.waitUntil(F.boxHelpers + F.photoHelpers + Self.stageHelpers + condition)
            let report = try await f.browser.execute(F.boxHelpers + F.photoHelpers + Self.stageHelpers + Self.layoutReport)
            #expect(filled, "\(report)")
        }
    }

    /// A 9:16 photo that fills a 390 × 844 phone at DPR 3 is drawn about 475 CSS px wide,
    /// wider than the screen: the page's own `sizes` says so, so the first width the
    /// browser fetches is already sharp there (at least 3 × 475 px) and it is the only
    /// width of that photo the phone downloads, not a narrower one first and this one
    /// after the script has measured.
    @Test func aPhotoThatFillsThePhoneIsDownloadedOnceAtTheWidthItIsDrawn() async throws {
        // Maya's third story is 1125 × 2000 in Grain's answer, as its photo is here.
        try await F.run(reducedMotion: true, photo: TestImages.photoLike(width: 1125, height: 2000)) { f in
            try await f.open(F.maya, "3mupadw3kg264", expectRunning: false)
            try await f.waitForPhoto()
            let measured = """
                const img = image();
                const own = img.getAttribute('srcset').split(',').map((c) => c.trim().split(/\\s+/))
                    .map(([url, w]) => ({ url: new URL(url, location.href).href, width: parseInt(w, 10) }));
                const fetched = performance.getEntriesByType('resource').map((e) => e.name);
                const shown = own.find((c) => c.url === img.currentSrc);
                const drawn = box(img).width * (getComputedStyle(img).objectFit === 'cover' ? Math.max(1, (img.naturalWidth / img.naturalHeight) / (box(img).width / box(img).height)) : 1);
                return { fills: img.parentNode.classList.contains('photo-fills'), shown: shown ? shown.width : 0, needed: drawn * devicePixelRatio,
                         fetched: own.filter((c) => fetched.includes(c.url)).map((c) => c.width), arrived: fetched.includes(img.currentSrc), sizes: img.getAttribute('sizes') };
                """
            #expect(try await f.browser.waitUntil(F.boxHelpers + F.photoHelpers + "return image().parentNode.classList.contains('photo-fills')"))
            #expect(
                try await f.browser.waitUntil(
                    F.boxHelpers + F.photoHelpers + "return performance.getEntriesByType('resource').some((e) => e.name === image().currentSrc)"))
            let report = try await f.browser.execute(F.boxHelpers + F.photoHelpers + measured)
            let shown = try #require(report["shown"]?.double)
            let needed = try #require(report["needed"]?.double)
            #expect(needed > 3 * 390, "it fills the phone, drawn wider than the screen: \(report)")
            #expect(shown >= needed.rounded(.down), "the width fetched first is sharp where it is drawn: \(report)")
            #expect(report["fetched"]?.array?.compactMap(\.double) == [shown], "one width of this photo downloaded: \(report)")
        }
    }

    /// On a tablet standing up, the header, the author and the round buttons are each
    /// wholly on the photo or wholly off it, never across its edge.
    @Test func onAPortraitTabletNoControlStraddlesThePhotosEdge() async throws {
        try await F.run(reducedMotion: true, photo: TestImages.photoLike(width: 300, height: 400)) { f in
            try await f.open(F.maya, Self.rkey, expectRunning: false)
            try await f.emulate(.portraitTablet)
            try await f.waitForPhoto()
            let clear = try await f.browser.waitUntil(
                F.boxHelpers + F.photoHelpers + Self.stageHelpers + """
                    const photo = photoBox(), shown = controls();
                    return shown.length >= 4 && shown.every(el => inside(box(el), photo) || apart(box(el), photo));
                    """)
            let report = try await f.browser.execute(F.boxHelpers + F.photoHelpers + Self.stageHelpers + Self.layoutReport)
            #expect(clear, "\(report)")
        }
    }

    /// A 1440 × 900 laptop at 200 % zoom (720 × 450 CSS px): every control is inside the
    /// screen and on the photo or its blurred copy (none over bare black beside a narrow
    /// photo), and the comment sheet, full of comments, covers at most half the story.
    @Test func atTwiceTheZoomTheControlsStayOnTheStoryAndTheSheetLeavesHalfOfIt() async throws {
        try await F.run(reducedMotion: true, photo: TestImages.photoLike(width: 300, height: 400)) { f in
            for number in 1...8 {
                f.appView.addComment(
                    StandInComment(
                        uri: "at://\(FakePDS.Account.bob.did)/social.grain.comment/3mcomment000\(number)",
                        subject: "at://\(F.maya)/social.grain.story/\(Self.rkey)", authorDID: FakePDS.Account.bob.did,
                        handle: FakePDS.Account.bob.handle, text: "Comment number \(number), long enough to take a line or two of the sheet.",
                        createdAt: Date().addingTimeInterval(Double(-600 - number))))
            }
            try await f.open(F.maya, Self.rkey, expectRunning: false)
            try await f.emulate(.laptopAtTwiceTheZoom)
            try await f.waitForPhoto()
            let onStory = try await f.browser.waitUntil(
                F.boxHelpers + F.photoHelpers + Self.stageHelpers + """
                    const story = copyCovers() ? stage() : photoBox(), shown = controls();
                    return shown.length >= 4 && shown.every(el => inside(box(el), screenBox) && inside(box(el), story));
                    """)
            let report = try await f.browser.execute(F.boxHelpers + F.photoHelpers + Self.stageHelpers + Self.layoutReport)
            #expect(onStory, "\(report)")

            // Share opens whole, inside the screen.
            try await f.browser.click(try await f.browser.element(".viewer-share > summary"))
            #expect(
                try await f.browser.waitUntil(
                    F.boxHelpers
                        + "const panel = document.querySelector('.share-panel'); return panel.getBoundingClientRect().width > 0 && inside(box(panel), screenBox)"
                ),
                "the Share panel is cut off")
            try await f.browser.click(try await f.browser.element(".viewer-share > summary"))

            try await f.browser.click(try await f.browser.element(".comment-pill"))
            #expect(try await f.browser.waitUntil("return document.querySelectorAll('.comment-sheet .comment').length >= 8"), "the sheet shows the comments")
            let sheet = try await f.browser.execute(
                F.boxHelpers + F.photoHelpers + Self.stageHelpers + """
                    return { sheet: box(document.querySelector('.comment-sheet')).height, stage: stage().height };
                    """)
            let sheetHeight = try #require(sheet["sheet"]?.double)
            let stageHeight = try #require(sheet["stage"]?.double)
            #expect(sheetHeight <= stageHeight / 2 + 1, "the sheet covers \(sheetHeight) of \(stageHeight) px")
        }
    }
}
