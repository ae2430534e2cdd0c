import Foundation
import Synchronization
import Testing

@testable import GrainSupport

/// When the idle memory trimmer gives the heap back: once per quiet spell, never while
/// requests keep coming.
@Suite struct IdleMemoryTrimmerTests {
    @Test func aQuietSpellTrimsOnceAfterTheCountStoodStillForATick() {
        var spell = QuietSpell()
        // The first tick has nothing to compare with; the second sees the count stand.
        #expect(spell.tick(answered: 0) == false)
        #expect(spell.tick(answered: 0) == true)
        #expect(spell.tick(answered: 0) == false, "trimmed twice in one quiet spell")
        #expect(spell.tick(answered: 0) == false)
        // Requests came: nothing until the count stands still again, then once.
        #expect(spell.tick(answered: 5) == false)
        #expect(spell.tick(answered: 5) == true)
        #expect(spell.tick(answered: 5) == false)
    }

    @Test func aBusyServerIsNeverTrimmed() {
        var spell = QuietSpell()
        let trims = (1...1000).filter { spell.tick(answered: $0 * 3) }
        #expect(trims.isEmpty)
    }

    /// A count that went back to where the last trim was (it never does: it only grows)
    /// still needs a tick of standing still first.
    @Test func requestsBetweenTwoTicksAreNotMissed() {
        var spell = QuietSpell()
        _ = spell.tick(answered: 1)
        #expect(spell.tick(answered: 1) == true)
        #expect(spell.tick(answered: 2) == false, "a tick with new answers trimmed")
        #expect(spell.tick(answered: 2) == true)
    }

    /// The running trimmer calls its trim once the count stands still, and stops when its
    /// task is cancelled. Waits for the trim itself, not for a time.
    @Test(.timeLimit(.minutes(1))) func theRunningTrimmerTrimsWhenQuietAndStopsWhenCancelled() async {
        let trims = Mutex(0)
        let (trimmed, continuation) = AsyncStream<Void>.makeStream()
        let trimmer = IdleMemoryTrimmer(every: .milliseconds(5), answered: { 42 }) {
            trims.withLock { $0 += 1 }
            continuation.yield()
        }
        let task = Task { await trimmer.run() }
        var iterator = trimmed.makeAsyncIterator()
        await iterator.next()
        task.cancel()
        await task.value
        #expect(trims.withLock { $0 } == 1, "a count that never moves is one quiet spell")
    }

    /// The trim gives memory back: 80 MB of small blocks, freed but for every 64th (so
    /// the heap's top cannot shrink by itself), stays resident until it runs.
    @Test func theTrimGivesAFreedBurstBack() throws {
        var blocks: [[UInt8]?] = (0..<20_000).map { _ in [UInt8](repeating: 1, count: 4096) }
        for index in blocks.indices where index % 64 != 0 && index != blocks.count - 1 { blocks[index] = nil }
        let before = try residentBytes()
        IdleMemoryTrimmer.mallocTrim()
        let after = try residentBytes()
        #expect(before - after > 40_000_000, "resident \(before) before the trim, \(after) after")
        #expect(blocks.compactMap { $0 }.count == 314)
    }

    private func residentBytes() throws -> Int {
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let pages = try #require(statm.split(separator: " ").dropFirst().first.flatMap { Int($0) })
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }
}
