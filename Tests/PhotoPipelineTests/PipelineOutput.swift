import ImageTestKit
import PhotoPipeline
import TestKit
import Testing

/// What the pipeline makes of a committed fixture, and the colour check every format's
/// pipeline tests share (each with the tolerance its coding needs).
enum PipelineOutput {
    typealias RGB = (red: UInt8, green: UInt8, blue: UInt8)
    /// The quadrant colours of the HEIF, WebP and GIF fixtures.
    static let red: RGB = (230, 20, 20)
    static let green: RGB = (20, 210, 20)
    static let blue: RGB = (20, 20, 230)
    static let white: RGB = (255, 255, 255)

    /// The processed photo of `bytes` fitted into `box`, and its JPEG decoded again.
    static func of(_ bytes: [UInt8], box: Int = 2000) throws -> (ProcessedPhoto, RGBImage) {
        let photo = try PhotoProcessor(options: Fixtures.options(box: box)).process(bytes)
        return (photo, try JPEGDecoder.decode(photo.jpeg))
    }

    /// The processed photo of the fixture `Resources/<name>`.
    static func of(resource name: String) throws -> (ProcessedPhoto, RGBImage) {
        try of(Fixtures.resource(name))
    }

    /// Expects each quadrant's interior (top-left, top-right, bottom-left, bottom-right) to
    /// average `expected`, within `tolerance` per channel.
    static func expectQuadrants(
        _ image: RGBImage, _ expected: [RGB], tolerance: Double, _ label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (index, colour) in expected.enumerated() {
            let region = PNGFixtures.quadrantInterior(index, width: image.width, height: image.height)
            let mean = PNGFixtures.meanColor(image.pixels, width: image.width, x: region.x, y: region.y)
            let ok =
                abs(mean.red - Double(colour.red)) <= tolerance && abs(mean.green - Double(colour.green)) <= tolerance
                && abs(mean.blue - Double(colour.blue)) <= tolerance
            #expect(ok, "\(label) quadrant \(index): mean \(mean), expected \(colour)", sourceLocation: sourceLocation)
        }
    }
}
