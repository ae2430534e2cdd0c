import AppTestKit
import Foundation
import GrainSupport
import MicroHTTPServer
import TestKit
import Testing

@testable import GrainStoriesWeb

/// `/favicon.ico`, which browsers ask for by name: served from `Public/` like every asset
/// (with its ETag, and a day before asking again), a real ICO of the sizes
/// `scripts/generate-icons` makes, made from the source SVG as it is now.
@Suite struct FaviconTests {
    @Test func theFaviconIsServedWithCachingAndRevalidates() async throws {
        let app = try await AppHarness()
        let icon = await app.respond("/favicon.ico")
        #expect(icon.status == .ok)
        #expect(icon.headers["Content-Type"] == "image/x-icon")
        #expect(icon.headers["Cache-Control"] == "public, max-age=86400")
        #expect(icon.body.count > 0)
        let onDisk = try Data(contentsOf: URL(fileURLWithPath: ProjectPaths.publicFiles + "/favicon.ico"))
        if case .bytes(let bytes) = icon.body { #expect(bytes == Array(onDisk)) } else { Issue.record("not bytes: \(icon.body)") }
        let etag = try #require(icon.headers["ETag"])
        let again = await app.respond("/favicon.ico", headers: [("If-None-Match", etag)])
        #expect(again.status == .notModified)
        #expect(await app.respond("/assets/app.css").headers["Cache-Control"] == "no-cache", "other plain URLs are still revalidated")
        await app.shutdown()
    }

    /// Each directory entry of the ICO names its size, and its image (a PNG, or a BMP
    /// without its file header, twice as high for the mask) is of that size.
    @Test func theIconIsAValidICOOfSixteenThirtyTwoAndFortyEightPixels() throws {
        let ico = Array(try Data(contentsOf: URL(fileURLWithPath: ProjectPaths.publicFiles + "/favicon.ico")))
        func u16(_ at: Int) -> Int { Int(ico[at]) | Int(ico[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        func be32(_ at: Int) -> Int { Int(ico[at]) << 24 | Int(ico[at + 1]) << 16 | Int(ico[at + 2]) << 8 | Int(ico[at + 3]) }
        try #require(ico.count > 6)
        #expect(u16(0) == 0 && u16(2) == 1, "an icon resource")
        let count = u16(4)
        var sizes: [Int] = []
        for entry in 0..<count {
            let at = 6 + 16 * entry
            try #require(at + 16 <= ico.count)
            let size = ico[at] == 0 ? 256 : Int(ico[at])
            let (length, offset) = (u32(at + 8), u32(at + 12))
            try #require(offset + length <= ico.count && length > 40, "entry \(entry) lies inside the file")
            if ico[offset..<offset + 8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                #expect(be32(offset + 16) == size && be32(offset + 20) == size, "PNG entry \(entry) is \(size) px")
            } else {
                #expect(u32(offset) == 40, "a BITMAPINFOHEADER")
                #expect(u32(offset + 4) == size && u32(offset + 8) == 2 * size, "BMP entry \(entry) is \(size) px")
                #expect(u16(offset + 14) == 32, "with alpha")
            }
            sizes.append(size)
        }
        #expect(sizes == [16, 32, 48])
    }

    /// `scripts/generate-icons` records the SHA-256 of the SVG it made the icons from: an
    /// edited source without regenerated icons fails here.
    @Test func theIconsAreMadeFromTheSourceAsItIsNow() throws {
        let source = Array(try Data(contentsOf: URL(fileURLWithPath: ProjectPaths.publicFiles + "/favicon.svg")))
        let recorded = try String(contentsOfFile: ProjectPaths.root + "/scripts/icons.source-sha256", encoding: .utf8)
        #expect(recorded.trimmingCharacters(in: .whitespacesAndNewlines) == Hex.encode(SHA256.hash(source)), "run scripts/generate-icons")
    }
}
