import Foundation
import PhotoPipeline
import PhotoTestKit
import TestKit
import Testing

/// The sizes the server makes for `srcset` look as sharp as vips's own thumbnail (issue 47):
/// a real-sized photo with grain (1,500 × 2,000, made by ImageMagick as the benchmarks make
/// theirs) is scaled by vips with Lanczos-3 to each width as the reference, and
/// `PhotoProcessor.resizeFile` must score, in SSIM on luma against that reference, no more
/// than 0.003 below what `vipsthumbnail` (its default JPEG quality, 75) scores against a
/// reference of its own size. Both tools come from Debian (`imagemagick`,
/// `libvips-tools`), installed by `scripts/setup --tests`: independent of the code under
/// test, so its own idea of sharp is not what is checked.
@Suite struct SizeSharpnessTests {
    /// How far below vips's thumbnail a size may score.
    static let allowance = 0.003

    /// A phone's grid tile, a phone's viewer and a desktop viewer (`MediaWidths`), from one
    /// photo (ImageMagick takes seconds to make it).
    @Test func everySizeIsAsSharpAsVipssThumbnail() throws {
        let scratch = try Scratch()
        for width in [173, 390, 740] {
            let ours = try JPEGDecoder.decode(PhotoProcessor(options: Fixtures.options()).resizeFile(atPath: scratch.photo, toWidth: width).jpeg)
            let thumbnail = try scratch.vipsThumbnail(width: width)
            let oursScore = SSIM.of(ours, try scratch.reference(width: ours.width, height: ours.height))
            let vipsScore = SSIM.of(thumbnail, try scratch.reference(width: thumbnail.width, height: thumbnail.height))
            #expect(ours.width == width && abs(ours.height - width * 4 / 3) <= 1, "\(ours.width) × \(ours.height)")
            #expect(oursScore >= vipsScore - Self.allowance, "width \(width): ours \(oursScore), vipsthumbnail \(vipsScore)")
        }
    }

    /// The check can fail: the same size re-encoded at JPEG quality 40, which a person would
    /// see as softer and blockier, scores well below the allowance.
    @Test func aSofterSizeFailsTheCheck() throws {
        let scratch = try Scratch()
        let ours = try JPEGDecoder.decode(PhotoProcessor(options: Fixtures.options()).resizeFile(atPath: scratch.photo, toWidth: 390).jpeg)
        let softer = try JPEGDecoder.decode(JPEGEncoder.encode(ours, quality: 40))
        let reference = try scratch.reference(width: ours.width, height: ours.height)
        let thumbnail = try scratch.vipsThumbnail(width: 390)
        let vipsScore = SSIM.of(thumbnail, try scratch.reference(width: thumbnail.width, height: thumbnail.height))
        #expect(SSIM.of(softer, reference) < vipsScore - Self.allowance)
    }

    /// A directory with the photo, and the tools that make the references from it.
    struct Scratch: ~Copyable {
        static let width = 1500
        static let height = 2000
        let directory: String
        var photo: String { directory + "/photo.jpg" }

        init() throws {
            directory = ProjectPaths.temporaryDirectory("sharpness")
            // The benchmarks' photo: a plasma fractal with a fixed seed over a gradient, with
            // Gaussian grain, as a phone's JPEG (4:2:0, quality 82): about 500 KB.
            try ToolRun.succeeding(
                "/usr/bin/convert", "-size", "\(Self.width)x\(Self.height)", "-seed", "7", "plasma:fractal", "-blur", "0x0.6",
                "(", "-size", "\(Self.width)x\(Self.height)", "gradient:rgb(40,40,40)-rgb(220,200,180)", ")",
                "-compose", "overlay", "-composite", "-attenuate", "0.25", "+noise", "Gaussian",
                "-sampling-factor", "2x2", "-quality", "82", photo)
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }

        /// The photo scaled by vips with Lanczos-3 to exactly `width × height`.
        func reference(width: Int, height: Int) throws -> RGBImage {
            let path = directory + "/reference-\(width)x\(height).ppm"
            try ToolRun.succeeding(
                "/usr/bin/vips", "resize", photo, path, "\(Double(width) / Double(Self.width))",
                "--vscale", "\(Double(height) / Double(Self.height))", "--kernel", "lanczos3")
            return try PPMImage.decode(Array(FileManager.default.contents(atPath: path) ?? Data()))
        }

        /// What `vipsthumbnail` makes of the photo at `width`, decoded.
        func vipsThumbnail(width: Int) throws -> RGBImage {
            let path = directory + "/thumbnail-\(width).jpg"
            try ToolRun.succeeding("/usr/bin/vipsthumbnail", photo, "--size", "\(width)x", "-o", path)
            return try JPEGDecoder.decode(Array(FileManager.default.contents(atPath: path) ?? Data()))
        }
    }
}
