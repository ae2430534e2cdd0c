import CMalloc

/// glibc's `malloc_trim`, the one malloc extension the server calls (GrainSupport's
/// `IdleMemoryTrimmer`, once the server has gone quiet).
///
/// This target is the only importer of `CMalloc`: Swift's Glibc module leaves
/// `<malloc.h>` out, and the application imports no C module itself.
package enum MallocTrim {
    /// Hands the free pages of every malloc arena back to the system (`malloc_trim(0)`):
    /// those at the top of each arena and those inside it. True when some memory was
    /// released. It walks the free lists, so it is for quiet spells, not every request.
    @discardableResult
    package static func releaseFreePages() -> Bool { malloc_trim(0) == 1 }
}
