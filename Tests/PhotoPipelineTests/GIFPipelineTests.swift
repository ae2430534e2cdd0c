import Foundation
import ImageTestKit
import PhotoPipeline
import TestKit
import Testing

/// GIFs through the whole pipeline. The fixtures (copies of Tests/GIFDecodingTests'; see
/// its make-fixtures.py) are 40 × 30 with flat quadrants red, green, blue, white unless
/// said otherwise; an animated GIF posts its first frame.
@Suite struct GIFPipelineTests {
    /// Exact palette colours, then JPEG at quality 95: interior means stay within this.
    static let tolerance = 8.0

    static func expectMean(
        _ image: RGBImage, x: Range<Int>, y: Range<Int>, _ colour: (red: UInt8, green: UInt8, blue: UInt8), _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let mean = PNGFixtures.meanColor(image.pixels, width: image.width, x: x, y: y)
        let ok =
            abs(mean.red - Double(colour.red)) <= tolerance && abs(mean.green - Double(colour.green)) <= tolerance
            && abs(mean.blue - Double(colour.blue)) <= tolerance
        #expect(ok, "\(label): mean \(mean), expected \(colour)", sourceLocation: sourceLocation)
    }

    @Test(arguments: ["quadrants.gif", "interlaced.gif", "animated.gif"])
    func gifsBecomeJPEGsWithTheirFirstFramesColours(name: String) throws {
        let (photo, image) = try PipelineOutput.of(resource: name)
        #expect(photo.jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(photo.width == 40 && photo.height == 30 && image.width == 40 && image.height == 30)
        #expect(photo.appliedOrientation == 1 && photo.metadata.orientation == 1 && photo.metadata.gps == nil)
        PipelineOutput.expectQuadrants(
            image, [PipelineOutput.red, PipelineOutput.green, PipelineOutput.blue, PipelineOutput.white], tolerance: Self.tolerance, name)
    }

    @Test func theTransparentIndexBecomesWhite() throws {
        let (_, image) = try PipelineOutput.of(resource: "transparent.gif")
        Self.expectMean(image, x: 2..<17, y: 2..<28, PipelineOutput.white, "transparent left half")
        Self.expectMean(image, x: 23..<37, y: 3..<12, PipelineOutput.green, "top-right")
        Self.expectMean(image, x: 23..<37, y: 18..<27, PipelineOutput.blue, "bottom-right")
    }

    @Test func aSmallFrameIsPlacedAtItsOffsetOnWhite() throws {
        let (photo, image) = try PipelineOutput.of(resource: "offset.gif")
        #expect(photo.width == 40 && photo.height == 30)
        Self.expectMean(image, x: 14..<20, y: 11..<15, PipelineOutput.red, "the frame")
        Self.expectMean(image, x: 0..<10, y: 0..<30, PipelineOutput.white, "left of the frame")
        Self.expectMean(image, x: 25..<40, y: 0..<30, PipelineOutput.white, "right of the frame")
        Self.expectMean(image, x: 12..<22, y: 19..<30, PipelineOutput.white, "below the frame")
    }

    @Test func a65535SquareHeaderIsRefusedBeforeDecoding() throws {
        #expect(throws: PhotoProcessingError.tooManyPixels(width: 65535, height: 65535, limit: PhotoProcessingOptions().maxPixels)) {
            try PhotoProcessor().process(Fixtures.resource("huge.gif"))
        }
    }

    @Test func aTruncatedGIFIsDamagedWithGiflibsError() throws {
        #expect {
            try PhotoProcessor().process(Fixtures.resource("truncated.gif"))
        } throws: { error in
            guard case PhotoProcessingError.damaged(let format, let detail) = error else { return false }
            return format == "GIF" && detail.contains("giflib error 102")
                && (error as? PhotoProcessingError)?.userMessage == "This GIF is damaged (or cut short) and cannot be read."
        }
    }

    @Test func unsupportedFormatsNowNameGIFAmongTheChoices() {
        let message = PhotoProcessingError.unsupportedFormat(format: "TIFF").userMessage
        #expect(message.hasSuffix("Please choose a JPEG, PNG, HEIC, WebP or GIF photo."))
    }
}
