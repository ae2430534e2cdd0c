import TestKit
import Testing
import WebPDecoding

/// libwebp's scaling while it decodes (`use_scaling`): the picture comes out at the
/// requested size, never at the canvas size, with the same quadrants in the same places.
@Suite struct ScaledDecodeTests {
    static func decoded(_ name: String, width: Int, height: Int) throws -> [UInt8]? {
        let bytes = try Fixtures.resource(name)
        let header = try WebPInspector.inspect(bytes)
        return try WebPDecoder.decodeRGB(bytes, header: header, scaledToWidth: width, height: height)
    }

    /// 4000 × 3000 lossy quadrants asked for at the photo box, 2000 × 1500.
    @Test func aLargeLossyWebPDecodesAtTheRequestedSizeWithItsQuadrants() throws {
        let rgb = try #require(try Self.decoded("large-quadrants.webp", width: 2000, height: 1500))
        #expect(rgb.count == 2000 * 1500 * 3)
        Fixtures.expectQuadrants(rgb, width: 2000, height: 1500, [Fixtures.red, Fixtures.green, Fixtures.blue, Fixtures.white], tolerance: 14)
    }

    /// A scale that is not a whole factor, and not the same on both axes.
    @Test(arguments: [(25, 30), (48, 12)])
    func aLosslessWebPDecodesAtAnyRequestedSize(width: Int, height: Int) throws {
        let rgb = try #require(try Self.decoded("lossless.webp", width: width, height: height))
        #expect(rgb.count == width * height * 3)
        Fixtures.expectQuadrants(rgb, width: width, height: height, [Fixtures.red, Fixtures.green, Fixtures.blue, Fixtures.white], tolerance: 2)
    }

    /// The scaled RGBA is flattened onto white too: the transparent right half is white.
    @Test func transparencyIsFlattenedOntoWhiteAfterScaling() throws {
        let rgb = try #require(try Self.decoded("alpha.webp", width: 32, height: 24))
        #expect(rgb.count == 32 * 24 * 3)
        Fixtures.expectQuadrants(rgb, width: 32, height: 24, [Fixtures.red, Fixtures.white, Fixtures.blue, Fixtures.white], tolerance: 2)
    }

    /// The first frame of an animation, scaled; the black second frame is not decoded.
    @Test func anAnimationScalesItsFirstFrame() throws {
        let rgb = try #require(try Self.decoded("animated.webp", width: 32, height: 24))
        Fixtures.expectQuadrants(rgb, width: 32, height: 24, [Fixtures.red, Fixtures.green, Fixtures.blue, Fixtures.white], tolerance: 2)
    }

    /// A first frame smaller than the canvas is left to the full-size decode.
    @Test func aFirstFrameSmallerThanTheCanvasIsNotScaled() throws {
        #expect(try Self.decoded("animated-offset.webp", width: 32, height: 24) == nil)
    }

    /// Asking for the canvas size decodes without scaling, pixel for pixel as `decodeRGB`.
    @Test func theCanvasSizeIsTheFullSizeDecode() throws {
        let bytes = try Fixtures.resource("lossy.webp")
        let header = try WebPInspector.inspect(bytes)
        let full = try WebPDecoder.decodeRGB(bytes, header: header)
        #expect(try WebPDecoder.decodeRGB(bytes, header: header, scaledToWidth: 64, height: 48) == full)
    }

    /// Only scaling down: a larger size (or none) is refused before decoding.
    @Test(arguments: [(65, 48), (64, 49), (0, 10)])
    func aSizeOutsideTheCanvasIsRefused(width: Int, height: Int) throws {
        #expect {
            try Self.decoded("lossy.webp", width: width, height: height)
        } throws: { error in
            (error as? WebPError)?.kind == .failed
        }
    }

    @Test func aTruncatedFileIsRefusedAsTruncated() throws {
        #expect {
            try Self.decoded("truncated.webp", width: 32, height: 24)
        } throws: { error in
            (error as? WebPError)?.kind == .truncated
        }
    }
}
