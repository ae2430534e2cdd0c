import ImageTestKit
import PNGDecoding
import Testing

@Suite struct PNGDecoderTests {
    private static func decode(_ name: String) throws -> (PNGHeader, [UInt8]) {
        let bytes = PNGFixtures.bytes(name)
        let header = try PNGInspector.inspect(bytes)
        return (header, try PNGDecoder.decodeRGB(bytes, header: header))
    }

    private static func pixel(_ pixels: [UInt8], x: Int, y: Int) -> [UInt8] {
        let offset = (y * PNGFixtures.width + x) * 3
        return Array(pixels[offset..<offset + 3])
    }

    /// Lossless: every pixel is exactly the colour its quadrant was written with.
    @Test func an8BitRGBPNGDecodesToExactlyItsPixels() throws {
        let (header, pixels) = try Self.decode("rgb8")
        #expect(header.width == 300 && header.height == 200 && header.bitDepth == 8 && header.colorType == .rgb)
        #expect(pixels.count == 300 * 200 * 3)
        for y in 0..<200 {
            for x in 0..<300 {
                let quadrant = PNGFixtures.quadrants[(x < 150 ? 0 : 1) + (y < 100 ? 0 : 2)]
                guard Self.pixel(pixels, x: x, y: y) == [quadrant.red, quadrant.green, quadrant.blue] else {
                    Issue.record("pixel (\(x), \(y)) is \(Self.pixel(pixels, x: x, y: y))")
                    return
                }
            }
        }
    }

    /// 16-bit samples (v × 257) come back as v, not brightened as if they were linear.
    @Test func a16BitPNGIsReducedTo8BitsWithoutAGammaShift() throws {
        let (header, pixels) = try Self.decode("rgb16")
        #expect(header.bitDepth == 16)
        for (index, quadrant) in PNGFixtures.quadrants.enumerated() {
            let x = index % 2 == 0 ? 10 : 290
            let y = index < 2 ? 10 : 190
            let decoded = Self.pixel(pixels, x: x, y: y)
            for (channel, expected) in zip(decoded, [quadrant.red, quadrant.green, quadrant.blue]) {
                #expect(abs(Int(channel) - Int(expected)) <= 1, "quadrant \(index): \(decoded)")
            }
        }
    }

    @Test func aGreyPNGIsExpandedToEqualRGB() throws {
        let (header, pixels) = try Self.decode("grey")
        #expect(header.colorType == .grey)
        for (index, level) in PNGFixtures.greys.enumerated() {
            let x = index % 2 == 0 ? 20 : 280
            let y = index < 2 ? 20 : 180
            #expect(Self.pixel(pixels, x: x, y: y) == [level, level, level])
        }
    }

    /// Index 0 is transparent black: flattened onto white it must be white, not black.
    @Test func paletteTransparencyIsFlattenedOntoWhite() throws {
        let (header, pixels) = try Self.decode("palette-transparent")
        #expect(header.colorType == .palette && header.hasTransparency)
        #expect(Self.pixel(pixels, x: 10, y: 10) == [255, 255, 255])
        #expect(Self.pixel(pixels, x: 140, y: 190) == [255, 255, 255])
        let red = PNGFixtures.paletteRed
        #expect(Self.pixel(pixels, x: 200, y: 50) == [red.red, red.green, red.blue])
        // Half-transparent blue over white: lighter than the blue in every channel, and
        // nowhere near the dark result compositing onto black would give.
        let blended = Self.pixel(pixels, x: 200, y: 150)
        let blue = PNGFixtures.paletteBlue
        #expect(blended[0] > blue.red + 50 && blended[1] > blue.green + 50 && blended[2] > blue.blue)
        #expect(blended[0] < 255 && blended[1] < 255)
    }

    @Test func theEXIFChunkIsFoundEvenAfterTheImageData() throws {
        let header = try PNGInspector.inspect(PNGFixtures.bytes("exif-gps-orientation6"))
        let exif = try #require(header.exif)
        #expect(exif.starts(with: [0x4D, 0x4D, 0x00, 0x2A]))
        #expect(header.iccProfile == nil)
        #expect(try PNGInspector.inspect(PNGFixtures.bytes("rgb8")).exif == nil)
    }

    @Test func theICCProfileIsDecompressed() throws {
        let header = try PNGInspector.inspect(PNGFixtures.bytes("icc"))
        let profile = try #require(header.iccProfile)
        let declaredSize = Int(profile[0]) << 24 | Int(profile[1]) << 16 | Int(profile[2]) << 8 | Int(profile[3])
        #expect(declaredSize == profile.count)
        #expect(Array(profile[16..<20]) == Array("RGB ".utf8))
        #expect(Array(profile[36..<40]) == Array("acsp".utf8))
    }

    /// The header is read without decoding: a 3.6-gigapixel claim costs nothing.
    @Test func aHugeHeaderIsReadWithoutDecoding() throws {
        let header = try PNGInspector.inspect(PNGFixtures.bytes("60000x60000"))
        #expect(header.width == 60000 && header.height == 60000 && header.isComplete)
    }

    @Test func aTruncatedPNGIsIncompleteAndRefusedAsTruncated() throws {
        let bytes = PNGFixtures.bytes("truncated")
        let header = try PNGInspector.inspect(bytes)
        #expect(!header.isComplete)
        #expect(header.width == 300)
        do {
            _ = try PNGDecoder.decodeRGB(bytes, header: header)
            Issue.record("a truncated PNG decoded")
        } catch {
            #expect(error.kind == .truncated, "\(error)")
            #expect(!error.message.isEmpty)
        }
    }

    /// Damaged compressed data is reported with libpng's (zlib's) own message.
    @Test func damagedImageDataIsRefusedWithLibpngsMessage() throws {
        let bytes = PNGFixtures.bytes("corrupt-idat")
        let header = try PNGInspector.inspect(bytes)
        #expect(header.isComplete)
        do {
            _ = try PNGDecoder.decodeRGB(bytes, header: header)
            Issue.record("a damaged PNG decoded")
        } catch {
            #expect(error.kind == .corrupt, "\(error)")
            #expect(error.message != "libpng failed without a message", "\(error)")
        }
    }

    @Test func nonPNGAndBadHeadersAreRefused() {
        #expect(throws: PNGError(.notPNG, "no PNG signature")) { try PNGInspector.inspect(Array("GIF89a".utf8)) }
        let rgb8 = PNGFixtures.bytes("rgb8")
        #expect(throws: PNGError(.truncated, "the data ends before the IHDR chunk")) { try PNGInspector.inspect(Array(rgb8[..<20])) }
        var badDepth = rgb8
        badDepth[24] = 3  // IHDR bit depth (CRC now wrong too, which is checked first)
        #expect(throws: PNGError(.corrupt, "IHDR CRC mismatch")) { try PNGInspector.inspect(badDepth) }
    }
}
