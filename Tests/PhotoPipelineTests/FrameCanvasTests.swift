import PhotoPipeline
import TestKit
import Testing

/// Issue 21: a frame is checked against the canvas the container declares before any
/// decoding, so a GIF or WebP whose coded picture is not the size it claims is refused,
/// whatever its header says, and the honest files still pass. For GIF the check is
/// GrainStories' own (giflib does not make it); for WebP libwebp makes it while reading
/// the header (`WebPGetFeatures` compares a still's VP8/VP8L size with the VP8X canvas,
/// the demuxer every ANMF frame with the canvas), and these tests pin that it still does.
@Suite struct FrameCanvasTests {
    static func patched(_ name: String, at offset: Int, _ bytes: [UInt8]) throws -> [UInt8] {
        var file = try Fixtures.resource(name)
        file.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
        return file
    }

    /// quadrants.gif: a 40 × 30 screen whose image descriptor (at 781) is 40 × 30 at (0, 0);
    /// moved 10 pixels right, it reaches past the screen.
    @Test func aGIFFrameReachingPastTheScreenIsRefused() throws {
        #expect(try PhotoProcessor().memoryEstimate(Fixtures.resource("quadrants.gif")).peakBytes > 0)
        let lying = try Self.patched("quadrants.gif", at: 782, [10, 0])
        let refusal = PhotoProcessingError.headerMismatch(
            format: "GIF", detail: "the first frame, 40 × 30 at (10, 0), reaches past the 40 × 30 screen")
        #expect(throws: refusal) { try PhotoProcessor().memoryEstimate(lying) }
        #expect(throws: refusal) { try PhotoProcessor().process(lying) }
    }

    /// exif.webp: a VP8X canvas of 64 × 48 over a 64 × 48 VP8L still; the canvas made
    /// 4000 × 3000 no longer matches the bitstream.
    @Test func aWebPStillWhoseBitstreamIsNotTheCanvasIsRefused() throws {
        #expect(try PhotoProcessor().memoryEstimate(Fixtures.resource("exif.webp")).peakBytes > 0)
        let lying = try Self.patched("exif.webp", at: 24, [0x9F, 0x0F, 0x00, 0xB7, 0x0B, 0x00])
        #expect(throws: PhotoProcessingError.damaged(format: "WebP", detail: "WebP corrupt: WebPGetFeatures returned VP8_STATUS_BITSTREAM_ERROR")) {
            try PhotoProcessor().memoryEstimate(lying)
        }
    }

    /// animated.webp: a 64 × 48 canvas and a first ANMF frame of 64 × 48 at (0, 0); moved
    /// 2 pixels right, it reaches past the canvas.
    @Test func aWebPAnimationFrameReachingPastTheCanvasIsRefused() throws {
        #expect(try PhotoProcessor().memoryEstimate(Fixtures.resource("animated.webp")).peakBytes > 0)
        let lying = try Self.patched("animated.webp", at: 52, [1])
        #expect(throws: PhotoProcessingError.damaged(format: "WebP", detail: "WebP corrupt: WebPDemuxPartial")) {
            try PhotoProcessor().memoryEstimate(lying)
        }
    }
}
