import GIFDecoding
import Testing

@Suite struct GIFDecoderTests {
    typealias F = GIFFixtures

    static func decoded(_ name: String) throws -> (header: GIFHeader, pixels: [UInt8]) {
        let bytes = try F.resource(name)
        let header = try GIFInspector.inspect(bytes)
        return (header, try GIFDecoder.decodeRGB(bytes, header: header))
    }

    @Test func aStaticGIFDecodesToItsExactQuadrants() throws {
        let (_, pixels) = try Self.decoded("quadrants.gif")
        #expect(pixels.count == 40 * 30 * 3)
        #expect(pixels == F.quadrants())
    }

    @Test func interlacedRowsAreReturnedInPictureOrder() throws {
        #expect(try Self.decoded("interlaced.gif").pixels == F.quadrants())
        let (_, rows) = try Self.decoded("rows-interlaced.gif")
        for y in 0..<24 {
            let expected: [UInt8] = [UInt8(y * 10), UInt8(250 - y * 10), UInt8(7 * y)]
            #expect(F.pixel(rows, width: 16, x: 0, y: y) == expected, "row \(y)")
            #expect(F.pixel(rows, width: 16, x: 15, y: y) == expected, "row \(y)")
        }
    }

    @Test func theFrameRowOrderOfFourPasses() {
        let frame = GIFFrame(left: 0, top: 0, width: 1, height: 10, isInterlaced: true, transparentIndex: nil, hasLocalColorTable: false)
        #expect((0..<10).map(frame.frameRow(forStoredRow:)) == [0, 8, 4, 2, 6, 1, 3, 5, 7, 9])
    }

    @Test func theTransparentIndexBecomesWhite() throws {
        let (_, pixels) = try Self.decoded("transparent.gif")
        #expect(F.pixel(pixels, width: 40, x: 0, y: 0) == F.white)
        #expect(F.pixel(pixels, width: 40, x: 19, y: 29) == F.white)
        #expect(F.pixel(pixels, width: 40, x: 20, y: 0) == F.green, "the local colour table is used")
        #expect(F.pixel(pixels, width: 40, x: 39, y: 29) == F.blue)
    }

    @Test func onlyTheFirstFrameOfAnAnimationIsDecoded() throws {
        #expect(try Self.decoded("animated.gif").pixels == F.quadrants(), "the second frame is all black")
    }

    @Test func aSmallFrameSitsAtItsOffsetOnAWhiteCanvas() throws {
        let (header, pixels) = try Self.decoded("offset.gif")
        #expect(header.width == 40 && header.height == 30)
        for y in 0..<30 {
            for x in 0..<40 {
                let inside = (12..<22).contains(x) && (9..<17).contains(y)
                #expect(F.pixel(pixels, width: 40, x: x, y: y) == (inside ? F.red : F.white), "(\(x), \(y))")
            }
        }
    }

    @Test func aTruncatedGIFIsRefusedWithGiflibsErrorString() throws {
        let bytes = try F.resource("truncated.gif")
        let header = try GIFInspector.inspect(bytes)
        #expect(header.firstFrame != nil, "the descriptor is there; the pixels are cut short")
        #expect {
            try GIFDecoder.decodeRGB(bytes, header: header)
        } throws: { error in
            guard let error = error as? GIFError else { return false }
            return error.kind == .truncated && error.code == 102 && error.message.contains("DGifGetLine")
                && error.message.contains("Failed to read from given file")
        }
    }
}
