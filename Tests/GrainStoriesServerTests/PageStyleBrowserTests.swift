import Foundation
import TestSupport
import Testing

/// What a person sees of the pages' styles, measured in headless Chromium: computed
/// styles, not the stylesheet's text.
@Suite(.serialized) struct PageStyleBrowserTests {
    typealias F = BrowserFixture

    /// The relative luminance (0 black … 1 white) of the page's background colour.
    static let backgroundLuminance = """
        const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number).map(v => v / 255)
            .map(c => c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        """

    @Test func aLetterAvatarThatIsALinkIsNotUnderlined() async throws {
        try await F.run { f in
            // Erin has live stories and no avatar picture: her profile's ring is a link
            // around the letter.
            try await f.browser.navigate("\(f.base)/profile/\(F.erin)")
            let style = try await f.browser.execute("""
                // A link's underline is drawn through its text even though the text's own
                // computed decoration is none, so it is the link's that matters.
                const letter = document.querySelector('a.avatar-ring .avatar-initial');
                return letter ? getComputedStyle(letter.closest('a')).textDecorationLine : 'no linked letter avatar';
                """)
            #expect(style.string == "none")
        }
    }

    @Test func theDevicesColourSchemeIsHonoured() async throws {
        try await F.run { f in
            _ = try await f.browser.cdp("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "dark"]]])
            try await f.browser.navigate("\(f.base)/")
            let dark = try #require(try await f.browser.execute(Self.backgroundLuminance).double)
            _ = try await f.browser.cdp("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "light"]]])
            try await f.browser.navigate("\(f.base)/profile/\(F.erin)")
            let light = try #require(try await f.browser.execute(Self.backgroundLuminance).double)
            #expect(dark < 0.05, "dark background luminance \(dark)")
            #expect(light > 0.9, "light background luminance \(light)")
        }
    }
}
