import Foundation
import H3Index
import ImageTestKit
import PhotoPipeline
import TestKit
import Testing

/// PNGs through the whole pipeline: the output is a JPEG in the box whose pixels match
/// the known fixture colours, upright, without metadata, with GPS read from `eXIf`.
@Suite struct PNGPipelineTests {
    /// JPEG at quality 95 of flat quadrants: interior means stay within a few levels.
    static let tolerance = 6.0

    static func processed(_ name: String, box: Int = 2000) throws -> (ProcessedPhoto, RGBImage) {
        try PipelineOutput.of(PNGFixtures.bytes(name), box: box)
    }

    @Test(arguments: ["rgb8", "rgb16", "icc"])
    func colourPNGsBecomeJPEGsWithTheirColours(name: String) throws {
        let (photo, image) = try Self.processed(name)
        #expect(photo.jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(photo.width == 300 && photo.height == 200 && image.width == 300 && image.height == 200)
        PipelineOutput.expectQuadrants(image, PNGFixtures.quadrants, tolerance: Self.tolerance, name)
    }

    @Test func aGreyPNGBecomesAGreyJPEG() throws {
        let (_, image) = try Self.processed("grey")
        PipelineOutput.expectQuadrants(image, PNGFixtures.greys.map { ($0, $0, $0) }, tolerance: Self.tolerance, "grey")
    }

    @Test func largePNGsAreFittedIntoTheBox() throws {
        let (photo, image) = try Self.processed("rgb8", box: 150)
        #expect(photo.width == 150 && photo.height == 100 && image.width == 150)
        PipelineOutput.expectQuadrants(image, PNGFixtures.quadrants, tolerance: Self.tolerance, "rgb8 in a 150 box")
    }

    /// The transparent half was palette *black*: flattened onto white it stays white.
    @Test func transparencyIsFlattenedOntoWhite() throws {
        let (_, image) = try Self.processed("palette-transparent")
        let left = PNGFixtures.meanColor(image.pixels, width: 300, x: 10..<140, y: 10..<190)
        #expect(left.red > 250 && left.green > 250 && left.blue > 250, "\(left)")
        let red = PNGFixtures.meanColor(image.pixels, width: 300, x: 165..<285, y: 10..<90)
        #expect(abs(red.red - 220) <= Self.tolerance && abs(red.green - 40) <= Self.tolerance, "\(red)")
    }

    /// Orientation 6 from `eXIf` (stored after IDAT): the 300 × 200 image comes out
    /// 200 × 300, turned 90° clockwise, so stored top-left (red) is now top-right, stored
    /// bottom-left (blue) top-left, bottom-right (yellow) bottom-left, top-right (green)
    /// bottom-right. The GPS is the one written; the output carries no EXIF at all.
    @Test func exifOrientationAndGPSAreHonouredAndNotCopied() throws {
        let (photo, image) = try Self.processed("exif-gps-orientation6")
        #expect(photo.appliedOrientation == 6 && photo.metadata.orientation == 6)
        #expect(photo.width == 200 && photo.height == 300)
        let q = PNGFixtures.quadrants
        PipelineOutput.expectQuadrants(image, [q[2], q[0], q[3], q[1]], tolerance: Self.tolerance, "rotated")
        let gps = try #require(photo.metadata.gps)
        #expect(abs(gps.latitude - PNGFixtures.gps.latitude) < 1e-9)
        #expect(abs(gps.longitude - PNGFixtures.gps.longitude) < 1e-9)
        let output = try JPEGInspector.inspect(photo.jpeg)
        #expect(output.exif == nil && output.iccProfile == nil)
        #expect(try JPEGInspector.metadata(photo.jpeg) == PhotoMetadata())
        #expect(!photo.jpeg.contains(subsequence: Array("MM\0*".utf8)))
    }

    /// The RGB ICC profile from `iCCP` is kept, byte for byte; nothing else is.
    @Test func theICCProfileIsKept() throws {
        let (photo, _) = try Self.processed("icc")
        #expect(photo.metadata.hasICCProfile)
        let profile = try #require(try JPEGInspector.inspect(photo.jpeg).iccProfile)
        let inputProfile = try #require(try JPEGInspector.inspect(Fixtures.resource("icc-esrgb.jpg")).iccProfile)
        #expect(profile == inputProfile)
        #expect(try JPEGInspector.inspect(photo.jpeg).exif == nil)
    }

    @Test(arguments: ["truncated", "corrupt-idat"])
    func damagedPNGsAreRefusedNamingPNG(name: String) throws {
        do {
            _ = try PhotoProcessor().process(PNGFixtures.bytes(name))
            Issue.record("\(name) was processed")
        } catch {
            guard case .damaged(let format, let detail) = error else {
                Issue.record("\(name): \(error)")
                return
            }
            #expect(format == "PNG" && !detail.isEmpty)
            #expect(error.userMessage == "This PNG is damaged (or cut short) and cannot be read.")
            #expect(error.isBadInput)
        }
    }

    /// libpng's own words reach the log line (`description`) for damaged pixel data.
    @Test func libpngsMessageIsKeptForLogs() throws {
        #expect {
            _ = try PhotoProcessor().process(PNGFixtures.bytes("corrupt-idat"))
        } throws: { error in
            let description = (error as? PhotoProcessingError)?.description ?? ""
            return description.hasPrefix("damaged PNG: ") && description != "damaged PNG: the data stops before its end"
        }
    }

    /// The 60000 × 60000 header is refused from IHDR: by the pixel limit, and with the
    /// limit lifted by the memory budget. Had it reached libpng, its few bytes of image
    /// data would have failed as damaged instead.
    @Test func aHugePNGHeaderIsRefusedBeforeDecoding() throws {
        let bytes = PNGFixtures.bytes("60000x60000")
        #expect(throws: PhotoProcessingError.tooManyPixels(width: 60000, height: 60000, limit: 100_000_000)) {
            try PhotoProcessor().process(bytes)
        }
        let lifted = PhotoProcessor(options: PhotoProcessingOptions(maxPixels: 4_000_000_000))
        #expect {
            _ = try lifted.process(bytes)
        } throws: { error in
            guard case .needsTooMuchMemory(let estimated, _) = error as? PhotoProcessingError else { return false }
            return estimated > 60000 * 60000 * 3
        }
        #expect(throws: PhotoProcessingError.tooManyPixels(width: 60000, height: 60000, limit: 100_000_000)) {
            try PhotoProcessor().memoryEstimate(bytes)
        }
    }

    /// The estimate is made from IHDR alone and covers a full-size RGB decode.
    @Test func theMemoryEstimateCoversAFullSizeDecode() throws {
        let estimate = try PhotoProcessor().memoryEstimate(PNGFixtures.bytes("rgb8"))
        #expect(estimate.decodedBytes == 300 * 200 * 3)
        #expect(estimate.decoderBytes >= 6 * 300 * 8)
    }

    /// Files are read and processed the same way, and the input is left untouched with
    /// nothing written beside it.
    @Test func pngFilesAreProcessedLeavingNothingBehind() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("png-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("in.png").path
        try Data(PNGFixtures.bytes("exif-gps-orientation6")).write(to: URL(fileURLWithPath: path))
        let processor = PhotoProcessor()
        #expect(try processor.memoryEstimateOfFile(atPath: path).decodedBytes == 300 * 200 * 3)
        #expect(try processor.processFile(atPath: path).height == 300)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["in.png"])
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == PNGFixtures.bytes("exif-gps-orientation6"))
    }
}

extension Array where Element == UInt8 {
    fileprivate func contains(subsequence: [UInt8]) -> Bool {
        guard !subsequence.isEmpty, subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains { self[$0..<$0 + subsequence.count].elementsEqual(subsequence) }
    }
}
