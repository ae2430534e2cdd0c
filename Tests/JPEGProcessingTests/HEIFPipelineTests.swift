import Foundation
import JPEGProcessing
import Testing
import TestSupport

/// HEIC and AVIF through the whole pipeline. The fixtures are 64 × 48 (stored) with flat
/// quadrants red, green, blue, white (top-left, top-right, bottom-left, bottom-right); see
/// Tests/HEIFDecodingTests/make-fixtures.py.
@Suite struct HEIFPipelineTests {
    static let red: (red: UInt8, green: UInt8, blue: UInt8) = (230, 20, 20)
    static let green: (red: UInt8, green: UInt8, blue: UInt8) = (20, 210, 20)
    static let blue: (red: UInt8, green: UInt8, blue: UInt8) = (20, 20, 230)
    static let white: (red: UInt8, green: UInt8, blue: UInt8) = (255, 255, 255)
    /// Lossy HEVC/AV1, then JPEG at quality 95: interior means stay within this.
    static let tolerance = 14.0

    static func processed(_ name: String) throws -> (ProcessedPhoto, RGBImage) {
        let photo = try PhotoProcessor(options: Fixtures.options(box: 2000)).process(Fixtures.resource(name))
        return (photo, try JPEGDecoder.decode(photo.jpeg))
    }

    static func expectQuadrants(
        _ image: RGBImage, _ expected: [(red: UInt8, green: UInt8, blue: UInt8)], _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (index, colour) in expected.enumerated() {
            let region = PNGFixtures.quadrantInterior(index, width: image.width, height: image.height)
            let mean = PNGFixtures.meanColor(image.pixels, width: image.width, x: region.x, y: region.y)
            let ok = abs(mean.red - Double(colour.red)) <= tolerance && abs(mean.green - Double(colour.green)) <= tolerance
                && abs(mean.blue - Double(colour.blue)) <= tolerance
            #expect(ok, "\(label) quadrant \(index): mean \(mean), expected \(colour)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: ["quadrants.heic", "quadrants.avif"])
    func heicAndAVIFBecomeJPEGsWithTheirColours(name: String) throws {
        let (photo, image) = try Self.processed(name)
        #expect(photo.jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(photo.width == 64 && photo.height == 48 && image.width == 64 && image.height == 48)
        Self.expectQuadrants(image, [Self.red, Self.green, Self.blue, Self.white], name)
    }

    /// Stored 64 × 48 with `irot` turning it 90° clockwise; its EXIF says Orientation 3
    /// (180°). The container wins and the EXIF is not applied on top: 48 × 64, turned a
    /// quarter, not three quarters.
    @Test func theContainersRotationWinsAndEXIFOrientationIsNotAppliedAgain() throws {
        let (photo, image) = try Self.processed("rotated.heic")
        #expect(photo.metadata.orientation == 3, "the EXIF still says 3")
        #expect(photo.appliedOrientation == 1)
        #expect(photo.width == 48 && photo.height == 64)
        Self.expectQuadrants(image, [Self.blue, Self.red, Self.white, Self.green], "rotated")
    }

    @Test func gpsComesFromTheHEIFsExif() throws {
        let (photo, _) = try Self.processed("gps.heic")
        let gps = try #require(photo.metadata.gps)
        #expect(abs(gps.latitude - 51.5) < 1e-6)
        #expect(abs(gps.longitude - -0.125) < 1e-6)
    }

    @Test func theOutputCarriesNoMetadata() throws {
        let (photo, _) = try Self.processed("gps.heic")
        let again = try PhotoProcessor().process(photo.jpeg)
        #expect(again.metadata.gps == nil)
        #expect(again.metadata.orientation == 1)
    }

    @Test func aHugeHeaderIsRefusedBeforeDecoding() throws {
        let start = ContinuousClock.now
        #expect(throws: PhotoProcessingError.imageTooLarge(format: "HEIC")) {
            try PhotoProcessor().process(Fixtures.resource("huge.heic"))
        }
        #expect(ContinuousClock.now - start < .seconds(5), "a header is all it takes")
    }

    @Test func aTruncatedHEICIsDamaged() throws {
        #expect {
            try PhotoProcessor().process(Fixtures.resource("truncated.heic"))
        } throws: { error in
            guard case PhotoProcessingError.damaged(let format, _) = error else { return false }
            return format == "HEIC" && (error as? PhotoProcessingError)?.userMessage == "This HEIC is damaged (or cut short) and cannot be read."
        }
    }

    @Test func aHEICHeaderWithNothingBehindItIsDamagedNotUnsupported() throws {
        let bytes: [UInt8] = [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
        #expect {
            try PhotoProcessor().process(bytes)
        } throws: { error in
            if case PhotoProcessingError.damaged("HEIC", _) = error { true } else { false }
        }
    }
}
