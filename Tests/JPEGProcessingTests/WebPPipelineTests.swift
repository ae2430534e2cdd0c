import Foundation
import JPEGProcessing
import Testing
import TestSupport

/// WebP through the whole pipeline. The fixtures are 64 × 48 with flat quadrants red,
/// green, blue, white (top-left, top-right, bottom-left, bottom-right); see
/// Tests/WebPDecodingTests/make-fixtures.py.
@Suite struct WebPPipelineTests {
    typealias RGB = (red: UInt8, green: UInt8, blue: UInt8)
    static let red: RGB = (230, 20, 20)
    static let green: RGB = (20, 210, 20)
    static let blue: RGB = (20, 20, 230)
    static let white: RGB = (255, 255, 255)
    /// Lossy VP8 (for lossy.webp), then JPEG at quality 95: interior means stay within this.
    static let tolerance = 14.0

    static func processed(_ name: String) throws -> (ProcessedPhoto, RGBImage) {
        let photo = try PhotoProcessor(options: Fixtures.options(box: 2000)).process(Fixtures.resource(name))
        return (photo, try JPEGDecoder.decode(photo.jpeg))
    }

    static func expectQuadrants(
        _ image: RGBImage, _ expected: [RGB], _ label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (index, colour) in expected.enumerated() {
            let region = PNGFixtures.quadrantInterior(index, width: image.width, height: image.height)
            let mean = PNGFixtures.meanColor(image.pixels, width: image.width, x: region.x, y: region.y)
            let ok = abs(mean.red - Double(colour.red)) <= tolerance && abs(mean.green - Double(colour.green)) <= tolerance
                && abs(mean.blue - Double(colour.blue)) <= tolerance
            #expect(ok, "\(label) quadrant \(index): mean \(mean), expected \(colour)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: ["lossy.webp", "lossless.webp", "animated.webp"])
    func webPsBecomeJPEGsWithTheirColours(name: String) throws {
        let (photo, image) = try Self.processed(name)
        #expect(photo.jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(photo.width == 64 && photo.height == 48 && image.width == 64 && image.height == 48)
        Self.expectQuadrants(image, [Self.red, Self.green, Self.blue, Self.white], name)
    }

    @Test func transparencyIsFlattenedOntoWhite() throws {
        let (_, image) = try Self.processed("alpha.webp")
        Self.expectQuadrants(image, [Self.red, Self.white, Self.blue, Self.white], "alpha")
    }

    /// Orientation 6 (turn 90° clockwise) applies, as in a JPEG: 48 × 64, the left
    /// column (red over blue) becomes the top row (blue, red).
    @Test func theExifOrientationIsApplied() throws {
        let (photo, image) = try Self.processed("exif.webp")
        #expect(photo.metadata.orientation == 6)
        #expect(photo.appliedOrientation == 6)
        #expect(photo.width == 48 && photo.height == 64)
        Self.expectQuadrants(image, [Self.blue, Self.red, Self.white, Self.green], "exif")
    }

    @Test func gpsComesFromTheExifChunk() throws {
        let (photo, _) = try Self.processed("exif.webp")
        let gps = try #require(photo.metadata.gps)
        #expect(abs(gps.latitude - 51.5) < 1e-6)
        #expect(abs(gps.longitude - -0.125) < 1e-6)
    }

    @Test func aHugeCanvasIsRefusedFromItsHeaderBeforeDecoding() throws {
        let start = ContinuousClock.now
        #expect(throws: PhotoProcessingError.tooManyPixels(width: 16384, height: 16384, limit: 100_000_000)) {
            try PhotoProcessor().process(Fixtures.resource("huge.webp"))
        }
        #expect(ContinuousClock.now - start < .seconds(5), "a header is all it takes")
    }

    @Test func aTruncatedWebPIsDamaged() throws {
        #expect {
            try PhotoProcessor().process(Fixtures.resource("truncated.webp"))
        } throws: { error in
            guard case PhotoProcessingError.damaged(let format, _) = error else { return false }
            return format == "WebP" && (error as? PhotoProcessingError)?.userMessage == "This WebP is damaged (or cut short) and cannot be read."
        }
    }

    @Test func aWebPHeaderWithNothingBehindItIsDamagedNotUnsupported() throws {
        let bytes: [UInt8] = Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [0, 0, 0, 0]
        #expect {
            try PhotoProcessor().process(bytes)
        } throws: { error in
            if case PhotoProcessingError.damaged("WebP", _) = error { true } else { false }
        }
    }
}
