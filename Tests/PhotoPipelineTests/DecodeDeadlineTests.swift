import Foundation
import ImageTestKit
import PhotoPipeline
import Synchronization
import Testing

/// Issue 21: photo work is bounded. A PNG inflate bomb is refused by the pipeline as a
/// header mismatch (422) in a few chunks' time, and a PNG decode that runs past
/// `decodeTimeLimit` is abandoned, measured on an injected clock that moves one second
/// each time it is read (no wall time).
@Suite struct DecodeDeadlineTests {
    /// A clock that moves one second every time it is read.
    final class TickingClock: Sendable {
        private let base = ContinuousClock.now
        private let reads = Mutex(0)
        func now() -> ContinuousClock.Instant {
            base.advanced(
                by: .seconds(
                    reads.withLock {
                        $0 += 1
                        return $0
                    }))
        }
    }

    @Test func inflateBombsAreRefusedAsHeaderMismatches() throws {
        let tiny = PNGBuilder.png(width: 1, height: 1, colorType: 2, idat: [UInt8](repeating: 0, count: 200_000))
        #expect(throws: PhotoProcessingError.headerMismatch(format: "PNG", detail: "200000 bytes of image data for a 1 × 1 picture of 4 bytes")) {
            try PhotoProcessor().memoryEstimate(tiny)
        }
        let endless = PNGBuilder.png(width: 1000, height: 100, idat: try PNGBuilder.zlib([UInt8](repeating: 0, count: 64 << 20)))
        let refusal = PhotoProcessingError.headerMismatch(
            format: "PNG", detail: "the image data inflates past the 100100 bytes a 1000 × 100 picture needs")
        #expect(throws: refusal) { try PhotoProcessor().process(endless) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("endless-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(endless).write(to: URL(fileURLWithPath: path))
        #expect(throws: refusal, "the streamed path checks too") { try PhotoProcessor().processFile(atPath: path) }
    }

    @Test func aPNGDecodePastTheTimeLimitIsAbandoned() throws {
        let honest = try PNGBuilder.flatGrey(width: 1000, height: 1000)
        let options = PhotoProcessingOptions(decodeTimeLimit: .seconds(3))
        #expect(try PhotoProcessor(options: options).process(honest).width == 1000, "on a real clock it is quick")
        let clock = TickingClock()
        #expect {
            try PhotoProcessor(options: options, clock: clock.now).process(honest)
        } throws: { error in
            guard case .tookTooLong(format: "PNG", _) = error as? PhotoProcessingError else { return false }
            return (error as? PhotoProcessingError)?.isBadInput == true
        }
        #expect(PhotoProcessingOptions().decodeTimeLimit == .seconds(30))
    }

    /// The streamed path (a PNG file read row by row) asks the deadline between rows.
    @Test func aStreamedPNGPastTheTimeLimitIsAbandoned() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("slow-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(try PNGBuilder.flatGrey(width: 1000, height: 1000)).write(to: URL(fileURLWithPath: path))
        let options = PhotoProcessingOptions(decodeTimeLimit: .seconds(3))
        #expect(try PhotoProcessor(options: options).processFile(atPath: path).width == 1000, "on a real clock it is quick")
        let clock = TickingClock()
        #expect {
            try PhotoProcessor(options: options, clock: clock.now).processFile(atPath: path)
        } throws: { error in
            guard case .tookTooLong(format: "PNG", let detail) = error as? PhotoProcessingError else { return false }
            return detail == "the decode deadline passed while reading the rows"
        }
    }
}
