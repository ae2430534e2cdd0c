import AppTestKit
import Foundation
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
            try await f.browser.navigate("\(f.base)/profile/\(F.linked(F.erin))")
            let style = try await f.browser.execute(
                """
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
            try await f.browser.navigate("\(f.base)/profile/\(F.linked(F.erin))")
            let light = try #require(try await f.browser.execute(Self.backgroundLuminance).double)
            #expect(dark < 0.05, "dark background luminance \(dark)")
            #expect(light > 0.9, "light background luminance \(light)")
        }
    }

    /// A disabled button looks it (faded, and the pointer says so), on the forms' pages.
    @Test func aDisabledButtonLooksDisabled() async throws {
        try await F.run { f in
            try await f.browser.navigate("\(f.base)/signin")
            #expect(try await f.browser.waitUntil("return document.readyState === 'complete'"), "the stylesheets have loaded")
            let looks = try await f.browser.execute(
                """
                const button = document.querySelector('form.stack-form button.button');
                const enabled = Number(getComputedStyle(button).opacity);
                button.disabled = true;
                const style = getComputedStyle(button);
                return { enabled: enabled, disabled: Number(style.opacity), cursor: style.cursor };
                """)
            #expect(looks["enabled"]?.double == 1)
            #expect((looks["disabled"]?.double ?? 1) <= 0.5, "\(looks)")
            #expect(looks["cursor"]?.string == "not-allowed")
        }
    }

    /// Seen rings and the "no story" tiles (your own, signing in) look different: a seen
    /// ring is solid grey, a tile without a story only a thin outline.
    @Test func aSeenRingDoesNotLookLikeTheSignInTile() async throws {
        try await F.run { f in
            try await f.browser.navigate("\(f.base)/")
            #expect(try await f.browser.waitUntil("return document.readyState === 'complete'"), "the stylesheet has loaded")
            let looks =
                try await f.browser.execute(
                    """
                    const ring = document.querySelector('.strip-create .avatar-ring');
                    const seen = document.createElement('span');
                    seen.className = 'avatar-ring ring-seen';
                    document.querySelector('.strip-list').appendChild(seen);
                    const a = getComputedStyle(ring), b = getComputedStyle(seen);
                    return [a.backgroundColor + ' ' + a.backgroundImage + ' ' + a.boxShadow, b.backgroundColor + ' ' + b.backgroundImage + ' ' + b.boxShadow];
                    """
                ).array?.compactMap(\.string) ?? []
            #expect(looks.count == 2 && looks[0] != looks[1], "\(looks)")
            #expect(looks.first?.hasPrefix("rgba(0, 0, 0, 0)") == true, "the sign-in tile has no filled ring: \(looks)")
        }
    }

    /// An avatar that cannot be loaded shows the person's letter, not a broken image.
    @Test func aBrokenAvatarBecomesTheLetter() async throws {
        try await F.run { f in
            try await f.browser.navigate("\(f.base)/")
            #expect(try await f.browser.waitUntil("return document.readyState === 'complete'"))
            // An avatar whose picture is gone, as the proxy answers for one (404).
            try await f.browser.execute(
                """
                const image = document.createElement('img');
                image.className = 'avatar'; image.alt = ''; image.id = 'gone';
                image.setAttribute('data-initial', 'Z');
                image.src = '/media/not-a-signature/gone';
                document.querySelector('.strip-list').appendChild(image);
                """)
            #expect(
                try await f.browser.waitUntil(
                    """
                    return !document.getElementById('gone') && [...document.querySelectorAll('.strip-list > .avatar-initial')].some(e => e.textContent === 'Z');
                    """), "the broken picture was replaced by the letter")
            // The one failed request is this test's own; nothing else went wrong.
            let errors = try await f.browser.consoleEntries().filter { $0.level == "SEVERE" }
            #expect(errors.allSatisfy { $0.message.contains("/media/not-a-signature/gone") }, "\(errors)")
        }
    }
}
