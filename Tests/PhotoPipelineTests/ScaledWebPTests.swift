import PhotoTestKit
import TestKit
import Testing

@testable import PhotoPipeline

/// A WebP larger than the box is scaled by libwebp while it decodes, straight to the
/// fitted size, instead of decoded at full size and resampled with Lanczos: these check
/// that the scaled picture is the right size, looks like the full-size path's and still
/// gets its EXIF orientation (a scaled decode keeps the stored orientation).
@Suite struct ScaledWebPTests {
    static let source = WebPPixelSource(formatName: "WebP")

    /// `decodeFitted` (libwebp's scaling) and the full-size decode resampled with Lanczos,
    /// both at `width × height`.
    static func bothPaths(_ name: String, width: Int, height: Int) throws -> (scaled: RGBImage, full: RGBImage) {
        let bytes = try Fixtures.resource(name)
        let header = try source.inspect(bytes)
        let scaled = try source.decodeFitted(bytes, header: header, width: width, height: height)
        var full = try source.decode(bytes, header: header)
        LanczosResampler.resizeInPlace(&full, width: width, height: height)
        return (scaled, full)
    }

    /// 12 MP of lossy quadrants through the whole pipeline: 2000 × 1500 with its colours.
    @Test func aLargeWebPComesOutFittedToTheBoxWithItsColours() throws {
        let (photo, image) = try PipelineOutput.of(resource: "large-quadrants.webp")
        #expect(photo.width == 2000 && photo.height == 1500 && image.width == 2000 && image.height == 1500)
        PipelineOutput.expectQuadrants(
            image, [PipelineOutput.red, PipelineOutput.green, PipelineOutput.blue, PipelineOutput.white], tolerance: 14, "large")
    }

    /// The photo-like 160 × 120 reference pictures at a whole and at an uneven scale:
    /// libwebp's area average against Lanczos from the full size. A shifted, mirrored or
    /// wrongly scaled picture scores far lower. (Small, as a 12 MP Lanczos takes a minute
    /// in a debug build; the large picture's colours are checked through the pipeline.)
    @Test(arguments: [
        ("reference/photo-lossy.webp", 80, 60, 0.99), ("reference/photo-lossy.webp", 100, 75, 0.99),
        ("reference/photo-lossless.webp", 80, 60, 0.99),
    ])
    func theScaledDecodeLooksLikeTheFullSizePath(name: String, width: Int, height: Int, minimum: Double) throws {
        let (scaled, full) = try Self.bothPaths(name, width: width, height: height)
        #expect(scaled.width == width && scaled.height == height)
        let score = SSIM.of(scaled, full)
        #expect(score >= minimum, "\(name) at \(width) × \(height): SSIM \(score)")
    }

    /// Orientation 6 after a scaled decode: the 64 × 48 quadrants fitted into a 32 box
    /// decode to 32 × 24 as stored, then turn to 24 × 32 with the left column (red over
    /// blue) as the top row (blue, red).
    @Test func theExifOrientationIsAppliedAfterTheScaledDecode() throws {
        let (photo, image) = try PipelineOutput.of(Fixtures.resource("exif.webp"), box: 32)
        #expect(photo.appliedOrientation == 6)
        #expect(photo.width == 24 && photo.height == 32 && image.width == 24 && image.height == 32)
        PipelineOutput.expectQuadrants(
            image, [PipelineOutput.blue, PipelineOutput.red, PipelineOutput.white, PipelineOutput.green], tolerance: 14, "exif")
    }

    /// An animation whose first frame is smaller than the canvas still works, through the
    /// full-size decode: a 32 × 24 green frame at (16, 12) on a white 64 × 48 canvas.
    @Test func aFirstFrameSmallerThanTheCanvasFallsBackToTheFullSizeDecode() throws {
        let (scaled, full) = try Self.bothPaths("animated-offset.webp", width: 32, height: 24)
        #expect(scaled.width == 32 && scaled.height == 24)
        #expect(scaled.pixels == full.pixels)
        let centre = (12 * 32 + 16) * 3
        let green: [Int] = [20, 210, 20]
        #expect(zip(scaled.pixels[centre..<centre + 3], green).allSatisfy { abs(Int($0) - $1) <= 2 })
    }
}
