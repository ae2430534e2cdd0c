import Foundation
import PNGDecoding
import Testing

@testable import PhotoPipeline

/// `RowHandoff` passes every row from the decoding thread to the resampling one, in
/// order and intact, through fewer slots than rows, and then how the producer ended.
@Suite struct RowHandoffTests {
    static func row(_ index: Int, length: Int) -> [UInt8] {
        (0..<length).map { UInt8(truncatingIfNeeded: index &* 31 &+ $0 &* 7) }
    }

    /// Each side sleeps for half the slots at a time: fewer rows than that, or none,
    /// still arrive when the producer finishes. A lost wake-up would hang; the time limit
    /// turns that into a failure.
    @Test(.timeLimit(.minutes(1)), arguments: [(1, 20_000), (2, 20_000), (16, 20_000), (16, 3), (16, 0)])
    func everyRowArrivesInOrderAndIntact(slots: Int, rows: Int) {
        let length = 13
        let handoff = RowHandoff<PNGError>(rowLength: length, slotCount: slots)
        let producer = Thread {
            for index in 0..<rows {
                Self.row(index, length: length).withUnsafeBufferPointer { handoff.put($0.baseAddress!) }
            }
            handoff.finish(PNGError(.corrupt, "the producer's own ending"))
        }
        producer.start()
        var received = 0
        var wrong: [Int] = []
        while let row = handoff.take() {
            if Array(UnsafeBufferPointer(start: row, count: length)) != Self.row(received, length: length) { wrong.append(received) }
            received += 1
            handoff.release()
        }
        #expect(received == rows)
        #expect(wrong.isEmpty, "rows that arrived changed or out of order: \(wrong.prefix(10))")
        #expect(handoff.failure() == PNGError(.corrupt, "the producer's own ending"))
    }
}
