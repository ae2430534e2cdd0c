import Foundation
import H3Index
import PhotoPipeline
import TestKit
import Testing

/// WebP through the whole pipeline. The fixtures are 64 × 48 with flat quadrants red,
/// green, blue, white (top-left, top-right, bottom-left, bottom-right); see
/// Tests/WebPDecodingTests/make-fixtures.py.
@Suite struct WebPPipelineTests {
    /// Lossy VP8 (for lossy.webp), then JPEG at quality 95: interior means stay within this.
    static let tolerance = 14.0

    @Test(arguments: ["lossy.webp", "lossless.webp", "animated.webp"])
    func webPsBecomeJPEGsWithTheirColours(name: String) throws {
        let (photo, image) = try PipelineOutput.of(resource: name)
        #expect(photo.jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(photo.width == 64 && photo.height == 48 && image.width == 64 && image.height == 48)
        PipelineOutput.expectQuadrants(
            image, [PipelineOutput.red, PipelineOutput.green, PipelineOutput.blue, PipelineOutput.white], tolerance: Self.tolerance, name)
    }

    @Test func transparencyIsFlattenedOntoWhite() throws {
        let (_, image) = try PipelineOutput.of(resource: "alpha.webp")
        PipelineOutput.expectQuadrants(
            image, [PipelineOutput.red, PipelineOutput.white, PipelineOutput.blue, PipelineOutput.white], tolerance: Self.tolerance, "alpha")
    }

    /// Orientation 6 (turn 90° clockwise) applies, as in a JPEG: 48 × 64, the left
    /// column (red over blue) becomes the top row (blue, red).
    @Test func theExifOrientationIsApplied() throws {
        let (photo, image) = try PipelineOutput.of(resource: "exif.webp")
        #expect(photo.metadata.orientation == 6)
        #expect(photo.appliedOrientation == 6)
        #expect(photo.width == 48 && photo.height == 64)
        PipelineOutput.expectQuadrants(
            image, [PipelineOutput.blue, PipelineOutput.red, PipelineOutput.white, PipelineOutput.green], tolerance: Self.tolerance, "exif")
    }

    @Test func gpsComesFromTheExifChunk() throws {
        let (photo, _) = try PipelineOutput.of(resource: "exif.webp")
        let gps = try #require(photo.metadata.gps)
        #expect(abs(gps.latitude - 51.5) < 1e-6)
        #expect(abs(gps.longitude - -0.125) < 1e-6)
    }

    @Test func aHugeCanvasIsRefusedFromItsHeaderBeforeDecoding() throws {
        #expect(throws: PhotoProcessingError.tooManyPixels(width: 16384, height: 16384, limit: 100_000_000)) {
            try PhotoProcessor().process(Fixtures.resource("huge.webp"))
        }
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
