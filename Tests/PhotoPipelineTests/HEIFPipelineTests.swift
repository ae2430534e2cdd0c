import Foundation
import H3Index
import ImageTestKit
import PhotoPipeline
import TestKit
import Testing

/// HEIC and AVIF through the whole pipeline. The fixtures are 64 × 48 (stored) with flat
/// quadrants red, green, blue, white (top-left, top-right, bottom-left, bottom-right); see
/// Tests/HEIFDecodingTests/make-fixtures.py.
@Suite struct HEIFPipelineTests {
    /// Lossy HEVC/AV1, then JPEG at quality 95: interior means stay within this.
    static let tolerance = 14.0

    @Test(arguments: ["quadrants.heic", "quadrants.avif"])
    func heicAndAVIFBecomeJPEGsWithTheirColours(name: String) throws {
        let (photo, image) = try PipelineOutput.of(resource: name)
        #expect(photo.jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(photo.width == 64 && photo.height == 48 && image.width == 64 && image.height == 48)
        PipelineOutput.expectQuadrants(
            image, [PipelineOutput.red, PipelineOutput.green, PipelineOutput.blue, PipelineOutput.white], tolerance: Self.tolerance, name)
    }

    /// Stored 64 × 48 with `irot` turning it 90° clockwise; its EXIF says Orientation 3
    /// (180°). The container wins and the EXIF is not applied on top: 48 × 64, turned a
    /// quarter, not three quarters.
    @Test func theContainersRotationWinsAndEXIFOrientationIsNotAppliedAgain() throws {
        let (photo, image) = try PipelineOutput.of(resource: "rotated.heic")
        #expect(photo.metadata.orientation == 3, "the EXIF still says 3")
        #expect(photo.appliedOrientation == 1)
        #expect(photo.width == 48 && photo.height == 64)
        PipelineOutput.expectQuadrants(
            image, [PipelineOutput.blue, PipelineOutput.red, PipelineOutput.white, PipelineOutput.green], tolerance: Self.tolerance, "rotated")
    }

    @Test func gpsComesFromTheHEIFsExif() throws {
        let (photo, _) = try PipelineOutput.of(resource: "gps.heic")
        let gps = try #require(photo.metadata.gps)
        #expect(abs(gps.latitude - 51.5) < 1e-6)
        #expect(abs(gps.longitude - -0.125) < 1e-6)
    }

    @Test func theOutputCarriesNoMetadata() throws {
        let (photo, _) = try PipelineOutput.of(resource: "gps.heic")
        let again = try PhotoProcessor().process(photo.jpeg)
        #expect(again.metadata.gps == nil)
        #expect(again.metadata.orientation == 1)
    }

    @Test func aHugeHeaderIsRefusedBeforeDecoding() throws {
        #expect(throws: PhotoProcessingError.imageTooLarge(format: "HEIC")) {
            try PhotoProcessor().process(Fixtures.resource("huge.heic"))
        }
    }

    /// Issue 45's AVIF grid of 134 × 134 tiles: refused from its item count in the estimate,
    /// before libheif parses it, with a message for the person who sent it.
    @Test func aGridOfThousandsOfTilesIsRefusedAsTooComplexInTheEstimate() throws {
        let grid = HEIFBuilder.grid(columns: 134, rows: 134, sharingOneFrame: true).bytes()
        let refusal = PhotoProcessingError.tooComplex(format: "AVIF", detail: "17957 items, more than 1024")
        #expect(throws: refusal) { try PhotoProcessor().memoryEstimate(grid) }
        #expect(throws: refusal) { try PhotoProcessor().process(grid) }
        #expect(refusal.isBadInput)
        #expect(refusal.userMessage == "This AVIF has too many parts to be a photo (17957 items, more than 1024), so it was refused.")
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

/// Inputs the fuzzer found (FUZZING.md), kept as regression tests.
@Suite struct HEIFFuzzFindingsTests {
    /// rotated.heic with two bytes of its `ispe` changed so the image is 0 × 0: the pipeline
    /// fitted "no pixels" into the box and the resampler trapped dividing by a zero width
    /// (PhotoFuzz, 2026-12-01, 12 s into the HEIF campaign). It is damaged, said so from
    /// the header.
    /// An AVIF whose coded data is empty: libheif hands dav1d nothing to decode, dav1d
    /// refuses it (and leaks 40 bytes inside itself, which LeakSanitizer caught: PhotoFuzz,
    /// 2026-12-01; a system library's, suppressed in Fuzz/lsan-suppressions.txt). The
    /// upload is refused as a damaged AVIF.
    @Test func anAVIFWithNoCodedDataIsRefusedAsDamaged() throws {
        let bytes = try Fixtures.resource("fuzz/avif-empty-data.avif")
        #expect {
            try PhotoProcessor().process(bytes)
        } throws: { error in
            guard case .damaged(format: "AVIF", _) = error as? PhotoProcessingError else { return false }
            return true
        }
    }

    /// A 1.3 KB HEIC whose `ispe` says 64 × 64 but whose primary item, retyped `iovl` (an
    /// overlay), reads its HEVC data as an overlay descriptor with a far larger canvas:
    /// libheif allocated 2.4 GB for it while decoding (PhotoFuzz, 2026-12-01, an
    /// out-of-memory report 61 s into the HEIF campaign). The two sizes must agree, so it
    /// is refused as damaged from its header, before any decoding.
    @Test func anOverlayLargerThanItsISPEIsRefusedBeforeDecoding() throws {
        let bytes = try Fixtures.resource("fuzz/heif-overlay-larger-than-ispe.heic")
        for attempt in [{ _ = try PhotoProcessor().memoryEstimate(bytes) }, { _ = try PhotoProcessor().process(bytes) }] {
            #expect {
                try attempt()
            } throws: { error in
                guard case .damaged(format: "HEIC", let detail) = error as? PhotoProcessingError else { return false }
                return detail.contains("iovl")
            }
        }
    }

    /// Its picture has no `ispe` (libheif 1.15 reports 0 × 0), so nothing says what the
    /// decoder may allocate: refused by the coded-size check before anything is decoded.
    @Test func aHEIFOfNoSizeIsRefusedBeforeDecoding() throws {
        let bytes = try Fixtures.resource("fuzz/heif-zero-size.heic")
        let refusal = PhotoProcessingError.headerMismatch(format: "HEIC", detail: "item 1 (hvc1) has no ispe to check its picture against")
        #expect(throws: refusal) {
            try PhotoProcessor().process(bytes)
        }
        #expect(throws: refusal) {
            try PhotoProcessor().memoryEstimate(bytes)
        }
    }

    /// Issue 21: the pipeline's limits come from `ispe`, so a file whose `ispe` says 64 × 64
    /// over a 12000 × 12000 AV1 picture (7000 × 7000 HEVC) must be refused by the coded-size
    /// check with a message naming the lie, not decoded (1.8 GB) and refused afterwards.
    @Test func filesWhoseISPEUnderstatesTheCodedPictureAreRefusedAsHeaderMismatches() throws {
        for (name, format, detail) in [
            ("large-flat.avif", "AVIF", "the AV1 sequence header of item 1 makes a 12000 × 12000 picture, its ispe says 64 × 64"),
            ("large-flat.heic", "HEIC", "the HEVC SPS of item 1 makes a 7000 × 7000 picture, its ispe says 64 × 64"),
        ] {
            var bytes = try Fixtures.resource(name)
            let at = try #require((0..<(bytes.count - 16)).first { Array(bytes[$0..<($0 + 4)]) == Array("ispe".utf8) }) + 8
            bytes.replaceSubrange(at..<(at + 8), with: [0, 0, 0, 64, 0, 0, 0, 64])
            let refusal = PhotoProcessingError.headerMismatch(format: format, detail: detail)
            #expect(throws: refusal) { try PhotoProcessor().memoryEstimate(bytes) }
            #expect(throws: refusal) { try PhotoProcessor().process(bytes) }
            #expect(refusal.isBadInput)
        }
    }
}
