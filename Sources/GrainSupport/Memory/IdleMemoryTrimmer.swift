import MallocTrimming

/// Gives the memory malloc keeps but no longer uses back to the system once the server
/// has gone quiet (`QuietSpell`).
///
/// glibc keeps freed memory in its arenas for the next allocation, and each thread that
/// answered a request may have an arena of its own, so an idle server sat on what its
/// last burst of requests freed: about 0.7 MB after a home page and a health check
/// (BENCHMARKS.md). `malloc_trim(0)` hands back the free pages at the top of every arena
/// and inside it. It costs a walk of the free lists, which is why it waits for a quiet
/// spell instead of running after each request.
package struct IdleMemoryTrimmer: Sendable {
    private let answered: @Sendable () -> Int
    private let interval: Duration
    private let trim: @Sendable () -> Void

    /// `answered`: how many requests the server has answered so far (any count that only
    /// grows while requests come in). `trim` is malloc_trim unless a test replaces it.
    package init(
        every interval: Duration = .seconds(2), answered: @escaping @Sendable () -> Int,
        trim: @escaping @Sendable () -> Void = IdleMemoryTrimmer.mallocTrim
    ) {
        self.interval = interval
        self.answered = answered
        self.trim = trim
    }

    /// Gives every arena's free pages back (glibc's `malloc_trim(0)`).
    package static func mallocTrim() { MallocTrim.releaseFreePages() }

    /// Ticks until the task is cancelled.
    package func run() async {
        var spell = QuietSpell()
        while !Task.isCancelled {
            do { try await Task.sleep(for: interval) } catch { return }
            if spell.tick(answered: answered()) { trim() }
        }
    }
}
