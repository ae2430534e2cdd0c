import TestKit
import Testing
import WebPDecoding

@Suite struct InspectTests {
    @Test(arguments: ["lossy.webp", "lossless.webp"])
    func headerFactsOfAStillWebPComeWithoutDecoding(name: String) throws {
        let header = try WebPInspector.inspect(try Fixtures.resource(name))
        #expect(header.width == 64 && header.height == 48)
        #expect(!header.hasAlpha && !header.isAnimated)
        #expect(header.frameCount == 1)
        #expect(header.exif == nil && header.iccProfile == nil)
        #expect(header.isComplete)
        #expect(header.isLossy == (name == "lossy.webp"))
    }

    @Test func alphaIsReported() throws {
        #expect(try WebPInspector.inspect(try Fixtures.resource("alpha.webp")).hasAlpha)
    }

    @Test func anAnimationReportsItsCanvasAndFrames() throws {
        let header = try WebPInspector.inspect(try Fixtures.resource("animated-offset.webp"))
        #expect(header.isAnimated)
        #expect(!header.isLossy, "libwebp calls an animation's format mixed")
        #expect(header.width == 64 && header.height == 48)
        #expect(header.frameCount == 2)
    }

    @Test func theExifChunkLosesItsExifPrefixAndStartsAtTheTIFFHeader() throws {
        let header = try WebPInspector.inspect(try Fixtures.resource("exif.webp"))
        let exif = try #require(header.exif)
        #expect(exif.starts(with: Array("II*".utf8) + [0]))
    }

    @Test func aFileCutShortKeepsItsHeaderButIsIncomplete() throws {
        let header = try WebPInspector.inspect(try Fixtures.resource("truncated.webp"))
        #expect(header.width == 64 && header.height == 48)
        #expect(!header.isComplete)
    }

    @Test func aHugeCanvasIsReportedFromTheHeaderAlone() throws {
        let header = try WebPInspector.inspect(try Fixtures.resource("huge.webp"))
        #expect(header.width == 16384 && header.height == 16384)
    }

    @Test func bytesThatAreNotWebPAreRefusedAsSuch() {
        #expect(throws: WebPError(.notWebP, operation: "RIFF/WEBP signature")) {
            try WebPInspector.inspect(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8))
        }
    }

    @Test func aHeaderWithNothingBehindItIsTruncatedWithLibwebpsStatus() {
        let bytes: [UInt8] = Array("RIFF".utf8) + [100, 0, 0, 0] + Array("WEBPVP8 ".utf8)
        #expect {
            try WebPInspector.inspect(bytes)
        } throws: { error in
            guard let error = error as? WebPError else { return false }
            return error.kind == .truncated && error.operation == "WebPGetFeatures" && error.statusName == "VP8_STATUS_NOT_ENOUGH_DATA"
        }
    }
}
