import GIFDecoding
import Testing

@Suite struct GIFInspectorTests {
    @Test func theHeaderGivesTheScreenAndTheFirstFrame() throws {
        let header = try GIFInspector.inspect(try GIFFixtures.resource("quadrants.gif"))
        #expect(header.screenWidth == 40 && header.screenHeight == 30)
        #expect(header.width == 40 && header.height == 30 && header.pixelCount == 1200)
        let frame = try #require(header.firstFrame)
        #expect(frame.left == 0 && frame.top == 0 && frame.width == 40 && frame.height == 30)
        #expect(!frame.isInterlaced && frame.transparentIndex == nil && !frame.hasLocalColorTable)
        #expect(header.problem == nil)
    }

    @Test func interlacingTransparencyAndOffsetsAreRead() throws {
        #expect(try GIFInspector.inspect(try GIFFixtures.resource("interlaced.gif")).firstFrame?.isInterlaced == true)
        let transparent = try #require(try GIFInspector.inspect(try GIFFixtures.resource("transparent.gif")).firstFrame)
        #expect(transparent.transparentIndex == 4 && transparent.hasLocalColorTable)
        let offset = try #require(try GIFInspector.inspect(try GIFFixtures.resource("offset.gif")).firstFrame)
        #expect(offset.left == 12 && offset.top == 9 && offset.width == 10 && offset.height == 8)
    }

    /// The screen size is known from the first 13 bytes; no pixel is decoded to learn it.
    @Test func a65535SquareHeaderIsReadWithoutDecoding() throws {
        let header = try GIFInspector.inspect(try GIFFixtures.resource("huge.gif"))
        #expect(header.width == 65535 && header.height == 65535)
        #expect(header.pixelCount == 65535 * 65535)
    }

    @Test func notAGIFIsRefusedWithGiflibsCode() {
        #expect {
            try GIFInspector.inspect(Array("hello, this is not a GIF at all".utf8))
        } throws: { error in
            guard let error = error as? GIFError else { return false }
            return error.kind == .notGIF && error.code == 103 && error.message.contains("DGifOpen")
        }
    }

    @Test func aHeaderCutShortIsTruncated() throws {
        let bytes = Array(try GIFFixtures.resource("quadrants.gif").prefix(20))
        #expect {
            try GIFInspector.inspect(bytes)
        } throws: { error in
            (error as? GIFError)?.kind == .truncated && (error as? GIFError)?.code == 104
        }
    }

    @Test func aGIFEndingBeforeItsImageHasAProblemButKeepsItsSize() throws {
        let whole = try GIFFixtures.resource("quadrants.gif")
        let header = try GIFInspector.inspect(Array(whole.prefix(13 + 768)) + [0x3B])
        #expect(header.width == 40 && header.firstFrame == nil)
        #expect(header.problem?.kind == .corrupt)
    }
}
