import AppTestKit
import Foundation
import PNGDecoding
import PhotoTestKit
import Testing

/// The viewer's header on a bright photo, measured from what Chromium painted.
@Suite(.serialized) struct ViewerHeaderBrowserTests {
    typealias F = BrowserFixture

    /// WCAG relative luminance of an sRGB pixel.
    static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }

    /// The contrast of white against the mean luminance of what lies behind `rect` (CSS
    /// pixels) in a screenshot taken at `scale` device pixels per CSS pixel.
    static func contrastOfWhite(over rect: [String: Double], in png: [UInt8], scale: Double) throws -> Double {
        let header = try PNGInspector.inspect(png)
        let rgb = try PNGDecoder.decodeRGB(png, header: header)
        let x0 = Int((rect["x"] ?? 0) * scale)
        let y0 = Int((rect["y"] ?? 0) * scale)
        let x1 = min(header.width, Int(((rect["x"] ?? 0) + (rect["width"] ?? 0)) * scale))
        let y1 = min(header.height, Int(((rect["y"] ?? 0) + (rect["height"] ?? 0)) * scale))
        var total = 0.0
        var count = 0
        for y in max(0, y0)..<max(y0 + 1, y1) {
            for x in max(0, x0)..<max(x0 + 1, x1) {
                let offset = (y * header.width + x) * 3
                total += luminance(rgb[offset], rgb[offset + 1], rgb[offset + 2])
                count += 1
            }
        }
        let background = total / Double(max(count, 1))
        return 1.05 / (background + 0.05)
    }

    @Test(arguments: BrowserScreen.allCases) func theHeaderIsReadableOnAWhitePhotoAtSafarisHeight(screen: BrowserScreen) async throws {
        let white = TestImages.quadrants(width: 900, height: 1600, colors: Array(repeating: (255, 255, 255), count: 4))
        try await F.run(reducedMotion: true, screen: screen, photo: white) { f in
            try await f.open(F.maya, "3muojebufwseb", expectRunning: false)
            // On a phone, Safari's visible height on a 390-wide phone with its bars shown; set
            // after the page loads, because the phone emulation applies its own size on
            // navigation. Desktops and TVs show the whole screen.
            let height = screen == .phone ? 664 : screen.height
            if screen == .phone {
                _ = try await f.browser.cdp(
                    "Emulation.setDeviceMetricsOverride",
                    [
                        "width": 390, "height": 664, "deviceScaleFactor": 3, "mobile": true,
                    ])
            }
            #expect(try await f.browser.waitUntil("const img = document.querySelector('.story-image'); return img.complete && img.naturalWidth > 0"))
            #expect(try await f.browser.execute("return window.innerHeight").double == Double(height))
            let facts = try await f.browser.execute(
                """
                const box = (selector) => { const r = document.querySelector(selector).getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
                const result = { name: box('.viewer-name'), close: box('.viewer-close'), scale: window.devicePixelRatio };
                // Only what lies behind the text: hide the header's own text and icons.
                document.querySelector('.viewer-header').style.visibility = 'hidden';
                return result;
                """)
            let scale = try #require(facts["scale"]?.double)
            let name = try #require(Self.rect(facts["name"]))
            let close = try #require(Self.rect(facts["close"]))
            #expect((name["height"] ?? 0) > 0 && (close["height"] ?? 0) > 0)
            let png = try await f.browser.screenshot()
            let nameContrast = try Self.contrastOfWhite(over: name, in: png, scale: scale)
            let closeContrast = try Self.contrastOfWhite(over: close, in: png, scale: scale)
            #expect(nameContrast >= 4.5, "white name text over the photo: \(nameContrast):1")
            #expect(closeContrast >= 3, "white close icon over the photo: \(closeContrast):1")
        }
    }

    @Test func thePlaceIsUnderTheNameAndTheControlsAreDrawnNotEmoji() async throws {
        try await F.run(reducedMotion: true) { f in
            try await f.open(F.maya, "3muojebufwseb", expectRunning: false)
            let layout = try await f.browser.execute(
                """
                const name = document.querySelector('.viewer-name').getBoundingClientRect();
                const place = document.querySelector('.viewer-place');
                const close = document.querySelector('.viewer-close');
                return { placeBelow: !!place && place.getBoundingClientRect().top >= name.bottom - 1,
                         closeIsDrawn: !!close.querySelector('svg') && close.textContent.trim() === '' };
                """)
            #expect(layout["placeBelow"]?.bool == true)
            #expect(layout["closeIsDrawn"]?.bool == true)
        }
    }

    static func rect(_ value: WebDriverJSON?) -> [String: Double]? {
        guard let value else { return nil }
        var rect: [String: Double] = [:]
        for key in ["x", "y", "width", "height"] { rect[key] = value[key]?.double }
        return rect.count == 4 ? rect : nil
    }
}

/// The viewer uses the screen it is on: on a phone the photo spans the width; on a
/// desktop or a TV it is as tall as the screen (no phone-sized column), with the people
/// before and after shown small beside it, clear of the photo.
@Suite(.serialized) struct ViewerLayoutBrowserTests {
    typealias F = BrowserFixture

    @Test(arguments: BrowserScreen.allCases) func thePhotoIsAsLargeAsTheScreenAllows(screen: BrowserScreen) async throws {
        // A 3:4 photo, Grain's usual shape.
        try await F.run(reducedMotion: true, screen: screen, photo: TestImages.photoLike(width: 300, height: 400)) { f in
            // Tomás is in the middle of the strip: there is someone before and after him.
            try await f.browser.navigate("\(f.base)/stories/\(F.linked(F.tomas))")
            #expect(try await f.browser.waitUntil("const img = document.querySelector('.story-image'); return !!img && img.complete && img.naturalWidth > 0"))
            let layout = try await f.browser.execute(
                """
                const box = (el) => { if (!el) { return null; } const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, left: r.left, right: r.right, width: r.width, height: r.height }; };
                const visible = (el) => !!el && getComputedStyle(el).display !== 'none' && el.getBoundingClientRect().width > 0;
                const neighbours = [...document.querySelectorAll('dialog.viewer > a.viewer-neighbour')];
                return { photo: box(document.querySelector('.story-image')), stage: box(document.querySelector('.viewer-stage')),
                         neighbours: neighbours.filter(visible).map(box), links: neighbours.map(a => a.getAttribute('href')),
                         width: innerWidth, height: innerHeight };
                """)
            let photo = try #require(ViewerHeaderBrowserTests.rect(layout["photo"]))
            let width = Double(screen.width)
            let height = Double(screen.height)
            let neighbours = layout["neighbours"]?.array ?? []
            #expect(layout["links"]?.array?.count == 2, "a person before and after Tomás: \(layout)")
            switch screen {
            case .phone:
                #expect(abs((photo["width"] ?? 0) - width) <= 1, "the photo spans the phone's width: \(photo)")
                #expect(neighbours.isEmpty, "no room for the neighbours on a phone")
            case .desktop, .tv:
                #expect(abs((photo["height"] ?? 0) - height) <= 1, "as tall as the screen: \(photo)")
                #expect(abs((photo["width"] ?? 0) - height * 3 / 4) <= 1, "as wide as its own shape: \(photo)")
                #expect(neighbours.count == 2, "the people before and after, beside it: \(layout)")
                let stage = try #require(ViewerHeaderBrowserTests.rect(layout["stage"]))
                let left = neighbours.first?["right"]?.double ?? .infinity
                let right = neighbours.last?["left"]?.double ?? -.infinity
                #expect(left <= (stage["x"] ?? 0) && right >= (stage["x"] ?? 0) + (stage["width"] ?? 0), "clear of the photo: \(layout)")
            }
            // A neighbour leads to that person, in place.
            if screen != .phone {
                let next = try #require(layout["links"]?.array?.last?.string)
                try await f.browser.execute("window.notReloaded = true; document.querySelectorAll('dialog.viewer > a.viewer-neighbour')[1].click()")
                #expect(try await f.waitForPath(URL(string: f.base + next)?.path ?? next, timeout: .seconds(10)))
                #expect(try await f.browser.execute("return window.notReloaded === true").bool == true)
            }
        }
    }
}
