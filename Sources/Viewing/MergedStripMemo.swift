import ATProto
import Synchronization

/// The last strip `OverlayStoryLibrary` made, and what it was made from, so the same
/// inputs give back the very same array.
///
/// Merging re-sorts the AppView's list whenever it is not already newest first, which
/// copies every author; with 200 authors that, and the home page cache then comparing
/// the fresh copy author by author with the strip it rendered, was most of a request.
/// The AppView's array is recognised by its storage: the memo holds on to it, so the
/// storage cannot be freed and reused for another array while it is remembered, and an
/// array whose storage is shared is copied before anyone can change it.
final class MergedStripMemo: Sendable {
    private struct Entry {
        let base: [StoryAuthor]
        let isStale: Bool
        let local: [DID: [StoryView]]
        let merged: Fetched<[StoryAuthor]>
    }

    private let last = Mutex<Entry?>(nil)

    /// The merge of `fetched` and `local`: remembered when the inputs are the last ones,
    /// else `merge()`'s, remembered for next time.
    func merged(
        _ fetched: Fetched<[StoryAuthor]>, local: [DID: [StoryView]], merge: () -> Fetched<[StoryAuthor]>
    ) -> Fetched<[StoryAuthor]> {
        if let entry = last.withLock({ $0 }), entry.isStale == fetched.isStale,
            Self.sameStorage(entry.base, fetched.value), entry.local == local
        {
            return entry.merged
        }
        let merged = merge()
        last.withLock { $0 = Entry(base: fetched.value, isStale: fetched.isStale, local: local, merged: merged) }
        return merged
    }

    private static func sameStorage(_ lhs: [StoryAuthor], _ rhs: [StoryAuthor]) -> Bool {
        lhs.count == rhs.count
            && lhs.withUnsafeBufferPointer { left in
                rhs.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress }
            }
    }
}
