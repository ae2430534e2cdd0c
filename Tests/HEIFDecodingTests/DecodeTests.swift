import HEIFDecoding
import TestKit
import Testing

@Suite struct DecodeTests {
    typealias F = Fixtures

    @Test func aSmallHEICDecodesToItsQuadrantColours() throws {
        let image = try HEIFDecoder.decode(try F.resource("quadrants.heic"), maxPixels: 10_000)
        #expect(image.width == 64 && image.height == 48)
        #expect(image.pixels.count == 64 * 48 * 3)
        F.expectQuadrants(image, [F.red, F.green, F.blue, F.white])
        #expect(image.exif == nil)
    }

    @Test func onlyTheIrotRotationIsAppliedNotTheDisagreeingExifOrientation() throws {
        // Stored 64 × 48; irot turns it 90° clockwise for display; its Exif says Orientation 3.
        let image = try HEIFDecoder.decode(try F.resource("rotated.heic"), maxPixels: 10_000)
        #expect(image.width == 48 && image.height == 64)
        F.expectQuadrants(image, [F.blue, F.red, F.white, F.green])
        let exif = try #require(image.exif)
        #expect(TIFFReader(exif)?.orientation == 3, "the Exif is passed through untouched")
    }

    @Test func exifStartsAtTheTIFFHeaderAndCarriesTheGPSWritten() throws {
        let image = try HEIFDecoder.decode(try F.resource("gps.heic"), maxPixels: 10_000)
        let exif = try #require(image.exif)
        #expect(exif.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) || exif.starts(with: [0x49, 0x49, 0x2A, 0x00]))
        let tiff = try #require(TIFFReader(exif))
        let gps = try #require(tiff.gps)
        #expect(gps.latitudeRef == "N" && gps.longitudeRef == "W")
        #expect(abs(gps.latitude - 51.5) < 1e-9)
        #expect(abs(gps.longitude - 0.125) < 1e-9)
    }

    @Test func theICCProfileIsReturnedWhenPresentAndNilForNCLX() throws {
        let withICC = try HEIFDecoder.decode(try F.resource("quadrants.heic"), maxPixels: 10_000)
        let profile = try #require(withICC.iccProfile)
        #expect(profile.count > 128)
        #expect(Array(profile[36..<40]) == Array("acsp".utf8), "ICC signature at byte 36")
        #expect(try HEIFDecoder.decode(try F.resource("gps.heic"), maxPixels: 10_000).iccProfile == nil)
    }

    @Test func transparencyIsFlattenedOntoWhite() throws {
        let image = try HEIFDecoder.decode(try F.resource("alpha.heic"), maxPixels: 10_000)
        #expect(image.hadAlpha)
        F.expectQuadrants(image, [F.red, F.white, F.blue, F.white])
    }

    @Test func tenBitHEVCComesOutAsEightBitRGB() throws {
        let image = try HEIFDecoder.decode(try F.resource("tenbit.heic"), maxPixels: 10_000)
        #expect(image.sourceBitDepth == 10)
        #expect(image.pixels.count == 64 * 48 * 3)
        F.expectQuadrants(image, [F.red, F.green, F.blue, F.white])
    }

    @Test func avifDecodesThroughTheSameDecoder() throws {
        // Debian 12's libheif1 (1.15.1) links dav1d and libaom, so AV1 decodes; a build
        // without them would throw `.noDecoder(.av1, …)` here instead, which is checked below.
        guard HEIFDecoder.canDecode(.av1) else {
            #expect(throws: HEIFError.noDecoder(.av1, cause: nil)) {
                try HEIFDecoder.decode(try F.resource("quadrants.avif"), maxPixels: 10_000)
            }
            return
        }
        let image = try HEIFDecoder.decode(try F.resource("quadrants.avif"), maxPixels: 10_000)
        #expect(image.width == 64 && image.height == 48)
        F.expectQuadrants(image, [F.red, F.green, F.blue, F.white])
    }

    @Test func debianTwelvesLibheifDecodesHEVCAndAV1() {
        #expect(HEIFDecoder.canDecode(.hevc))
        #expect(HEIFDecoder.canDecode(.av1))
        #expect(HEIFDecoder.libheifVersion.starts(with: "1."))
    }

    @Test func morePixelsThanAllowedAreRefusedBeforeDecoding() throws {
        #expect(throws: HEIFError.tooManyPixels(width: 48, height: 64, limit: 3000)) {
            try HEIFDecoder.decode(try F.resource("rotated.heic"), maxPixels: 3000)
        }
    }

    @Test func truncatedInputIsATypedBadInputError() throws {
        #expect {
            try HEIFDecoder.decode(try F.resource("truncated.heic"), maxPixels: 10_000)
        } throws: { error in
            guard let error = error as? HEIFError, case .truncated = error else { return false }
            return error.isBadInput && error.description.contains("truncated")
        }
    }
}
