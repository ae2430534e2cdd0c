import AppTestKit
import Foundation
import MicroHTTPServer
import PNGDecoding
import TestKit
import Testing

@testable import GrainStoriesWeb

/// The PNG icons `scripts/generate-icons` makes from `Public/favicon.svg`: each of its
/// size, the manifest's "any" icons drawn on transparency, the maskable ones and Apple's
/// opaque with the ring inside the safe zone, and all served like the other assets.
@Suite struct AppIconTests {
    /// The app's dark background, which the padded icons are drawn on (`--bg`).
    static let background: [UInt8] = [0x0B, 0x0B, 0x0F]

    static func png(_ name: String) throws -> (header: PNGHeader, bytes: [UInt8]) {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: ProjectPaths.publicFiles + "/icons/" + name)))
        return (try PNGInspector.inspect(bytes), bytes)
    }

    static let sizes: [(String, Int, Bool)] = [
        ("icon-192.png", 192, true), ("icon-512.png", 512, true),
        ("maskable-192.png", 192, false), ("maskable-512.png", 512, false), ("apple-touch-icon.png", 180, false),
    ]

    @Test(arguments: sizes)
    func eachIconIsAPNGOfItsSize(name: String, size: Int, transparent: Bool) throws {
        let (header, _) = try Self.png(name)
        #expect(header.width == size && header.height == size)
        #expect(header.hasTransparency == transparent, transparent ? "drawn on transparency" : "opaque: launchers and iOS show transparency as black")
    }

    /// A launcher may cut a maskable icon down to the circle of 80 % of its width (the
    /// safe zone): everything outside it is plain background, and the ring is inside,
    /// drawn large (it reaches past 30 % of the width from the centre).
    @Test(arguments: ["maskable-192.png", "maskable-512.png", "apple-touch-icon.png"])
    func thePaddedIconsKeepTheRingInsideTheSafeZone(name: String) throws {
        let (header, bytes) = try Self.png(name)
        let pixels = try PNGDecoder.decodeRGB(bytes, header: header)
        let size = Double(header.width)
        var outsideNotBackground = 0
        var farthestRing = 0.0
        for y in 0..<header.height {
            for x in 0..<header.width {
                let at = (y * header.width + x) * 3
                let pixel = Array(pixels[at..<at + 3])
                let distance = ((Double(x) + 0.5 - size / 2) * (Double(x) + 0.5 - size / 2) + (Double(y) + 0.5 - size / 2) * (Double(y) + 0.5 - size / 2))
                    .squareRoot()
                let isBackground = zip(pixel, Self.background).allSatisfy { abs(Int($0) - Int($1)) <= 2 }
                if distance > 0.4 * size, !isBackground { outsideNotBackground += 1 }
                // The ring: clearly coloured (not the grey inner disc or the background).
                if Int(pixel.max()!) - Int(pixel.min()!) > 60 { farthestRing = max(farthestRing, distance) }
            }
        }
        #expect(outsideNotBackground == 0, "\(outsideNotBackground) pixels of the icon lie outside the safe zone")
        #expect(farthestRing > 0.3 * size && farthestRing <= 0.4 * size, "the ring reaches \(farthestRing / size) of the width")
        let corner = Array(pixels[0..<3])
        #expect(corner == Self.background, "the background reaches the edges: \(corner)")
    }

    @Test func theIconsAreServedFingerprintedAndCachedLikeEveryAsset() async throws {
        let app = try await AppHarness()
        for (name, _, _) in Self.sizes {
            let url = app.root.pages.assets.url(for: "icons/" + name)
            #expect(url.range(of: #"^/assets/icons/.+\.[0-9a-f]{10}\.png$"#, options: .regularExpression) != nil, "\(url)")
            let icon = await app.respond(url)
            #expect(icon.status == .ok && icon.headers["Content-Type"] == "image/png")
            #expect(icon.headers["Cache-Control"] == "public, max-age=31536000, immutable")
            let onDisk = try Self.png(name).bytes
            if case .bytes(let bytes) = icon.body { #expect(bytes == onDisk) } else { Issue.record("not bytes") }
        }
        // iOS asks for its icon by name too.
        for path in ["/apple-touch-icon.png", "/apple-touch-icon-precomposed.png"] {
            let icon = await app.respond(path)
            #expect(icon.status == .ok && icon.headers["Content-Type"] == "image/png" && icon.headers["Cache-Control"] == "public, max-age=86400", "\(path)")
        }
        await app.shutdown()
    }
}
