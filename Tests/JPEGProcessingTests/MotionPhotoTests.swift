import Foundation
import JPEGProcessing
import Testing
import TestSupport

/// Motion photos (Samsung's and Google's) are a JPEG with the video appended after its
/// end: the still is posted, the video is not.
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
