import Testing

@testable import MallocTrimming

/// `MallocTrim` reports what glibc did: GrainSupport's `IdleMemoryTrimmerTests` checks
/// that the memory really leaves the process; this checks the wrapper's answer.
@Suite struct MallocTrimTests {
    /// 80 MB of small blocks, freed but for every 64th, so the heap's top cannot shrink
    /// by itself and only the trim can give the holes back.
    @Test func aTrimAfterAFreedBurstSaysItReleasedMemory() {
        var blocks: [[UInt8]?] = (0..<20_000).map { _ in [UInt8](repeating: 1, count: 4096) }
        for index in blocks.indices where index % 64 != 0 && index != blocks.count - 1 { blocks[index] = nil }
        #expect(MallocTrim.releaseFreePages())
        #expect(blocks.compactMap { $0 }.count == 314)
    }
}
