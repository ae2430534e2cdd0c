import Foundation
import PhotoPipeline
import PhotoTestKit
import TestKit
import Testing

/// Motion photos (Samsung's and Google's) are a JPEG or a HEIC with the video appended
/// after the still: the still is posted, the video is not.
@Suite struct MotionPhotoTests {
    @Test func aJPEGWithAVideoAppendedPostsItsStill() throws {
        let still = try Fixtures.jpeg(width: 320, height: 240)
        var video: [UInt8] = [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [0, 0, 0, 0] + Array("mp42isom".utf8)
        var generator = SplitMix(seed: 9)
        video += (0..<2_000_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let motion = still + video
        let fromStill = try PhotoProcessor().process(still)
        let fromMotion = try PhotoProcessor().process(motion)
        #expect(fromMotion.width == 320 && fromMotion.height == 240)
        #expect(fromMotion.jpeg == fromStill.jpeg, "the same photo as the still alone")
        #expect(fromMotion.jpeg.count < video.count / 10, "no video in what is posted")
    }

    /// An MP4's opening boxes (`ftyp`, then `mdat` holding `count` bytes of "video").
    static func mp4(bytes count: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix(seed: seed)
        let payload = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        return box("ftyp", Array("mp42".utf8) + [0, 0, 0, 0] + Array("mp42isom".utf8)) + box("mdat", payload)
    }

    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + body.count)
        return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + body
    }

    /// A HEIC motion photo both ways phones write one: Google's (the MP4 appended after the
    /// HEIF's last box, found through the XMP's Container directory) and Samsung's (the MP4
    /// inside a trailing `mpvd` box). libheif reads the boxes it knows from the start, so
    /// the trailing video must not change the still.
    @Test(arguments: ["appended", "mpvd"])
    func aHEICWithAVideoAppendedPostsItsStill(layout: String) throws {
        let still = try Fixtures.resource("reference/photo.heic")
        let video = Self.mp4(bytes: 2_000_000, seed: 11)
        let motion = still + (layout == "mpvd" ? Self.box("mpvd", video) : video)
        let fromStill = try PhotoProcessor().process(still)
        let fromMotion = try PhotoProcessor().process(motion)
        #expect(fromMotion.width == 160 && fromMotion.height == 120)
        #expect(fromMotion.jpeg == fromStill.jpeg, "the same photo as the still alone")
        #expect(fromMotion.jpeg.count < video.count / 10, "no video in what is posted")
        let reference = try PPMImage.decode(Fixtures.resource("reference/photo-heic.ppm"))
        #expect(SSIM.of(try JPEGDecoder.decode(fromMotion.jpeg), reference) > 0.98)
    }

    /// A deterministic byte source for the appended "video".
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
