import PhotoPipeline
import TestKit
import Testing

/// Issue 21, item 9: each format's decode-memory estimate is pinned at the value the code
/// sets, so dropping a decoder's share (as "HEIF/AVIF decoder memory dropped from the
/// up-front estimate" did, unnoticed) fails here. The decoder share is the format's own
/// figure plus `MemoryEstimate`'s fixed 4 MiB allowance; the decoded buffer is RGB at the
/// stored size.
@Suite struct FormatEstimateTests {
    static let fixed = 4 << 20

    /// (fixture, width, height, the format's decoder bytes besides its RGB output).
    static let cases: [(String, Int, Int, Int)] = [
        // HEIF/AVIF: codec planes (3 bytes a pixel, 6 above 8 bits) + libheif's RGB(A)
        // (3, or 4 with alpha) + the packed copy (3), less the RGB output (3).
        // (The HEICs' 64 × 64 pictures are cropped to 64 × 48 by their `clap`.)
        ("quadrants.heic", 64, 48, 64 * 48 * (3 + 3 + 3 - 3)),
        ("alpha.heic", 64, 48, 64 * 48 * (3 + 4 + 3 - 3)),
        ("quadrants.avif", 64, 48, 64 * 48 * (3 + 3 + 3 - 3)),
        // Lossy WebP (decoded as libwebp scales it): the input (140 bytes), no alpha plane,
        // 64 rows of 4 bytes a pixel, no EXIF/ICC chunks, 256 KiB of libwebp state.
        ("lossy.webp", 64, 48, 140 + 64 * 4 * 64 + (256 << 10)),
        // Lossless WebP (always at full size): the input (76 bytes), the RGBA frame, VP8L's
        // ARGB buffer and 16 cache rows, no EXIF/ICC chunks, 256 KiB of libwebp state.
        ("lossless.webp", 64, 48, 76 + 64 * 48 * 4 + 64 * 48 * 4 + 64 * 4 * 16 + (256 << 10)),
        // GIF: one row of palette indices of the first frame and 64 KiB for giflib.
        ("quadrants.gif", 40, 30, 40 + (64 << 10)),
    ]

    @Test(arguments: 0..<cases.count)
    func theEstimateIsTheFormatsOwnFigure(index: Int) throws {
        let (name, width, height, decoder) = Self.cases[index]
        let bytes = try Fixtures.resource(name)
        let estimate = try PhotoProcessor().memoryEstimate(bytes)
        #expect(estimate.inputBytes == bytes.count, "\(name)")
        #expect(estimate.decodedBytes == width * height * 3, "\(name)")
        #expect(estimate.decoderBytes == decoder + Self.fixed, "\(name)")
        let stages = estimate.inputBytes + max(estimate.decoderBytes + estimate.decodedBytes, estimate.laterStagesBytes)
        #expect(estimate.peakBytes == stages + stages / 16, "\(name)")
    }

    /// A lossy WebP is decoded by libwebp scaled to the fitted size, so its estimate counts
    /// that size (the 12 MP picture at 2000 × 1500) and libwebp's rows at the stored width,
    /// not a full-size picture; a lossless one, whose decoder holds its whole ARGB, stays at
    /// the stored size however small the box.
    @Test func aLossyWebPIsEstimatedAtTheSizeLibwebpScalesItTo() throws {
        let large = try Fixtures.resource("large-quadrants.webp")
        let estimate = try PhotoProcessor().memoryEstimate(large)
        #expect(estimate.decodedBytes == 2000 * 1500 * 3)
        #expect(estimate.decoderBytes == large.count + 4000 * 4 * 64 + (256 << 10) + Self.fixed)

        let boxed = PhotoProcessor(options: Fixtures.options(box: 32))
        #expect(try boxed.memoryEstimate(Fixtures.resource("lossy.webp")).decodedBytes == 32 * 24 * 3)
        #expect(try boxed.memoryEstimate(Fixtures.resource("lossless.webp")).decodedBytes == 64 * 48 * 3)
    }
}
