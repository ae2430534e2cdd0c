import PhotoPipeline
import PhotoTestKit
import TestKit
import Testing

/// Pixel checks against an independent reference decode, for every format the pipeline
/// takes: a photo-like 160 × 120 picture in each format (and stored sideways with an EXIF
/// Orientation or a HEIF `irot`) goes through `PhotoProcessor`, and the JPEG it makes must
/// be upright, the same size and look like what another decoder (ImageMagick, dwebp,
/// heif-convert) made of the same file: SSIM on luma. The fixtures and references are made
/// by `scripts/generate-photo-references` and live in `Resources/reference/`.
@Suite struct ReferenceDecodeTests {
    /// Each fixture, its reference and the lowest SSIM accepted. The output is a quality-95
    /// JPEG (4:2:0) of the decode, so even a perfect decode does not score 1; a decode
    /// turned, mirrored, shifted, washed out or black scores far below (see the last test).
    static let cases: [(fixture: String, reference: String, minimum: Double)] = [
        ("photo.png", "photo-png.ppm", 0.98),
        ("photo-exif6.png", "photo-exif6-png.ppm", 0.98),
        ("photo.gif", "photo-gif.ppm", 0.95),  // a dithered palette: JPEG's hardest case
        ("photo.heic", "photo-heic.ppm", 0.98),
        ("photo-irot.heic", "photo-irot-heic.ppm", 0.97),
        ("photo-gainmap.heic", "photo-heic.ppm", 0.98),
        ("photo.avif", "photo-avif.ppm", 0.98),
        ("photo-lossy.webp", "photo-lossy-webp.ppm", 0.98),
        ("photo-lossless.webp", "photo-lossless-webp.ppm", 0.98),
    ]

    static func reference(_ name: String) throws -> RGBImage {
        try PPMImage.decode(Fixtures.resource("reference/" + name))
    }

    @Test(arguments: cases.map(\.fixture))
    func theOutputLooksLikeAnIndependentDecode(fixture: String) throws {
        let entry = try #require(Self.cases.first { $0.fixture == fixture })
        let (photo, output) = try PipelineOutput.of(resource: "reference/" + fixture)
        let reference = try Self.reference(entry.reference)
        #expect(photo.width == 160 && photo.height == 120, "upright and full size: \(photo.width) × \(photo.height)")
        guard output.width == reference.width, output.height == reference.height else {
            Issue.record("\(fixture): \(output.width) × \(output.height), reference \(reference.width) × \(reference.height)")
            return
        }
        let score = SSIM.of(output, reference)
        #expect(score >= entry.minimum, "\(fixture): SSIM \(score)")
    }

    /// The check can fail: the same output against its reference turned half a turn, or
    /// against a washed-out (all light) or black picture of the same size, scores far
    /// below every threshold above.
    @Test func theCheckTellsAWrongPictureApart() throws {
        let (_, output) = try PipelineOutput.of(resource: "reference/photo.heic")
        let reference = try Self.reference("photo-heic.ppm")
        let turned = RGBImage(width: reference.width, height: reference.height, pixels: reference.pixels.reversedPixels())!
        let washedOut = RGBImage(width: reference.width, height: reference.height, pixels: reference.pixels.map { 200 + $0 / 5 })!
        let black = RGBImage(width: reference.width, height: reference.height, pixels: [UInt8](repeating: 0, count: reference.pixels.count))!
        #expect(SSIM.of(output, reference) > 0.98)
        #expect(SSIM.of(output, turned) < 0.5)
        #expect(SSIM.of(output, washedOut) < 0.5)
        #expect(SSIM.of(output, black) < 0.1)
    }
}

extension [UInt8] {
    /// RGB pixels in reverse order: the picture turned half a turn.
    fileprivate func reversedPixels() -> [UInt8] {
        stride(from: count - 3, through: 0, by: -3).flatMap { self[$0..<($0 + 3)] }
    }
}
