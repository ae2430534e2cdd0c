import GzipCompression
import ImageTestKit
import PNGDecoding
import Testing

/// Issue 21's PNG inflate bomb: image data is bounded by the picture the IHDR declares,
/// from the chunk lengths (more IDAT than stored blocks of the picture need) and while
/// counting the inflate (never past the picture's exact size), so libpng never works on it.
@Suite struct ImageDataBoundTests {
    /// The formula for the inflated size agrees with every fixture's stream, interlaced and
    /// palette and 16-bit ones included: the bound is exact, not a guess.
    @Test func theInflatedSizeIsExactlyWhatEachFixturesStreamHolds() throws {
        let interlaced = ["interlaced-rgb8", "interlaced-grey1", "interlaced-rgba16"]  // pypng's, not ours
        for name in ["rgb8", "rgb16", "grey", "palette-transparent", "icc", "exif-gps-orientation6"] + interlaced {
            let bytes = PNGFixtures.bytes(name)
            let header = try PNGInspector.inspect(bytes)
            let outcome = bytes.withUnsafeBufferPointer {
                InflateMeter.measure($0, pieces: header.imageData, limit: .max, shouldStop: { false })
            }
            #expect(outcome == .ended(header.inflatedBytes), "\(name)")
            try PNGImageDataCheck.check(bytes, header: header, shouldStop: { false })
            #expect(try PNGDecoder.decodeRGB(bytes, header: header).count == header.width * header.height * 3, "\(name)")
        }
    }

    /// A 1 × 1 PNG needs 4 bytes of image data; 200 KB of IDAT is refused from the chunk
    /// length alone, before anything is inflated.
    @Test func aOneByOnePNGWithFarMoreImageDataThanItsPictureIsRefusedByTheInspector() throws {
        let bomb = PNGBuilder.png(width: 1, height: 1, colorType: 2, idat: [UInt8](repeating: 0, count: 200_000))
        #expect(throws: PNGError(.sizeMismatch, "200000 bytes of image data for a 1 × 1 picture of 4 bytes")) {
            try PNGInspector.inspect(bomb)
        }
    }

    /// Image data small enough for the picture but inflating to 64 MB (1000 × 100 grey needs
    /// 100,100 bytes) is stopped just past the picture's size.
    @Test func aStreamThatInflatesPastThePictureIsStoppedThere() throws {
        let bomb = PNGBuilder.png(width: 1000, height: 100, idat: try PNGBuilder.zlib([UInt8](repeating: 0, count: 64 << 20)))
        let header = try PNGInspector.inspect(bomb)
        var asked = 0
        #expect(throws: PNGError(.sizeMismatch, "the image data inflates past the 100100 bytes a 1000 × 100 picture needs")) {
            try PNGImageDataCheck.check(
                bomb, header: header,
                shouldStop: {
                    asked += 1
                    return false
                })
        }
        #expect(asked <= 3, "stopped after two 64 KB chunks, not 1,024")
    }

    @Test func theDeadlineIsAskedBetweenChunksAndStopsTheCount() throws {
        let honest = try PNGBuilder.flatGrey(width: 1000, height: 1000)
        let header = try PNGInspector.inspect(honest)
        try PNGImageDataCheck.check(honest, header: header, shouldStop: { false })
        var asked = 0
        #expect(throws: PNGError(.timedOut, "the decode deadline passed while inflating the image data")) {
            try PNGImageDataCheck.check(
                honest, header: header,
                shouldStop: {
                    asked += 1
                    return asked > 3
                })
        }
        #expect(asked == 4)
    }
}
