import TestKit
import Testing
import WebPDecoding

@Suite struct DecodeTests {
    static func decoded(_ name: String) throws -> (WebPHeader, [UInt8]) {
        let bytes = try Fixtures.resource(name)
        let header = try WebPInspector.inspect(bytes)
        return (header, try WebPDecoder.decodeRGB(bytes, header: header))
    }

    @Test func aLosslessWebPDecodesToItsExactQuadrants() throws {
        let (header, rgb) = try Self.decoded("lossless.webp")
        #expect(rgb.count == 64 * 48 * 3)
        Fixtures.expectQuadrants(rgb, width: header.width, height: header.height, [Fixtures.red, Fixtures.green, Fixtures.blue, Fixtures.white])
    }

    @Test func aLossyWebPDecodesToItsQuadrantsWithinTolerance() throws {
        let (header, rgb) = try Self.decoded("lossy.webp")
        #expect(rgb.count == 64 * 48 * 3)
        Fixtures.expectQuadrants(
            rgb, width: header.width, height: header.height, [Fixtures.red, Fixtures.green, Fixtures.blue, Fixtures.white],
            tolerance: 14)
    }

    /// The right half is fully transparent: white after flattening, not black.
    @Test func transparencyIsFlattenedOntoWhite() throws {
        let (header, rgb) = try Self.decoded("alpha.webp")
        Fixtures.expectQuadrants(rgb, width: header.width, height: header.height, [Fixtures.red, Fixtures.white, Fixtures.blue, Fixtures.white])
    }

    /// The second frame is black; only the first frame's quadrants are decoded.
    @Test func anAnimationDecodesToItsFirstFrame() throws {
        let (header, rgb) = try Self.decoded("animated.webp")
        #expect(header.isAnimated)
        Fixtures.expectQuadrants(rgb, width: header.width, height: header.height, [Fixtures.red, Fixtures.green, Fixtures.blue, Fixtures.white])
    }

    /// A 32 × 24 green first frame at (16, 12) on a 64 × 48 canvas: green there, white around.
    @Test func aFirstFrameSmallerThanTheCanvasIsPlacedAtItsOffsetOnWhite() throws {
        let (header, rgb) = try Self.decoded("animated-offset.webp")
        #expect(rgb.count == 64 * 48 * 3)
        Fixtures.expectPixel(rgb, width: header.width, x: 16, y: 12, Fixtures.green)
        Fixtures.expectPixel(rgb, width: header.width, x: 47, y: 35, Fixtures.green)
        Fixtures.expectPixel(rgb, width: header.width, x: 15, y: 12, Fixtures.white)
        Fixtures.expectPixel(rgb, width: header.width, x: 48, y: 35, Fixtures.white)
        Fixtures.expectPixel(rgb, width: header.width, x: 32, y: 36, Fixtures.white)
        Fixtures.expectPixel(rgb, width: header.width, x: 0, y: 0, Fixtures.white)
    }

    @Test func aTruncatedFileIsRefusedAsTruncated() throws {
        let bytes = try Fixtures.resource("truncated.webp")
        let header = try WebPInspector.inspect(bytes)
        #expect {
            try WebPDecoder.decodeRGB(bytes, header: header)
        } throws: { error in
            (error as? WebPError)?.kind == .truncated
        }
    }
}
