import AppTestKit
import Foundation
import Testing

/// Screens beyond `BrowserScreen`'s three, emulated after a page has loaded (the fixture's
/// own emulation applies its size again on navigation), and what the layout tests measure
/// on them.
extension BrowserFixture {
    /// A screen size to emulate: CSS pixels, device pixels per CSS pixel, touch or not.
    struct Size: Sendable, CustomStringConvertible {
        let width: Int
        let height: Int
        let scale: Double
        let mobile: Bool

        /// A phone (as `BrowserScreen.phone`).
        static let phone = Size(width: 390, height: 844, scale: 3, mobile: true)
        /// A 1440 × 900 laptop.
        static let laptop = Size(width: 1440, height: 900, scale: 1, mobile: false)
        /// A 1080p TV (as `BrowserScreen.tv`).
        static let tv = Size(width: 1920, height: 1080, scale: 1, mobile: false)

        /// A tablet standing up (an iPad Air in portrait).
        static let portraitTablet = Size(width: 820, height: 1180, scale: 2, mobile: true)
        /// A 4K screen at 100 %.
        static let fourK = Size(width: 3840, height: 2160, scale: 1, mobile: false)
        /// A 1440 × 900 laptop at 200 % zoom: half the CSS pixels, twice as dense.
        static let laptopAtTwiceTheZoom = Size(width: 720, height: 450, scale: 2, mobile: false)

        var description: String { "\(width)×\(height)\(mobile ? " touch" : "")" }
    }

    /// Emulates `size` from now on, and waits until the page has laid itself out for it.
    /// WebKitGTK has no device emulation: there the window takes the size (its Xvfb screen
    /// is 4K), at one device pixel per CSS pixel and with a mouse.
    func emulate(_ size: Size) async throws {
        if browser.engine == .webkit {
            try await browser.setWindowSize(width: size.width, height: size.height)
        } else {
            try await browser.cdp(
                "Emulation.setDeviceMetricsOverride",
                [
                    "width": .number(Double(size.width)), "height": .number(Double(size.height)), "deviceScaleFactor": .number(size.scale),
                    "mobile": .bool(size.mobile),
                ])
        }
        #expect(
            try await browser.waitUntil(
                "return innerWidth === arguments[0] && innerHeight === arguments[1]", [.number(Double(size.width)), .number(Double(size.height))]),
            "the page never took the emulated size")
    }

    /// JavaScript: `box(element)` as `{x, y, width, height}` and `inside(a, b)`, `apart(a,
    /// b)` for two such boxes (a half-pixel tolerance for subpixel layout), for the
    /// scripts below to start with.
    static let boxHelpers = """
        const box = (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
        const inside = (a, b) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;
        const apart = (a, b) => a.x + a.width <= b.x + 0.5 || b.x + b.width <= a.x + 0.5 || a.y + a.height <= b.y + 0.5 || b.y + b.height <= a.y + 0.5;
        const screenBox = { x: 0, y: 0, width: innerWidth, height: innerHeight };
        """

    /// JavaScript after `boxHelpers`: `photoBox()`, the part of the viewer's stage the
    /// story's photo is painted on (its `<img>` box narrowed by `object-fit: contain`, or
    /// the whole box for `cover`), and `photoCrop()`, the fraction of the photo cut off.
    static let photoHelpers = """
        const image = () => document.querySelector('dialog.viewer .story-image');
        const photoBox = () => {
            const img = image(), r = box(img), shape = img.naturalWidth / img.naturalHeight;
            if (getComputedStyle(img).objectFit !== 'contain') { return r; }
            const width = Math.min(r.width, r.height * shape), height = Math.min(r.height, r.width / shape);
            return { x: r.x + (r.width - width) / 2, y: r.y + (r.height - height) / 2, width: width, height: height };
        };
        const photoCrop = () => {
            const img = image(), r = box(img), shape = img.naturalWidth / img.naturalHeight, boxShape = r.width / r.height;
            return getComputedStyle(img).objectFit === 'cover' ? 1 - Math.min(shape, boxShape) / Math.max(shape, boxShape) : 0;
        };
        """

    /// Waits until the viewer's photo has loaded.
    func waitForPhoto() async throws {
        #expect(
            try await browser.waitUntil(
                "const img = document.querySelector('dialog.viewer .story-image'); return !!img && img.complete && img.naturalWidth > 0"),
            "the story's photo never loaded")
    }
}
