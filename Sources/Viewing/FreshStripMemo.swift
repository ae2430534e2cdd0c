import ATProto
import Synchronization

/// The strip as the story cache last answered it without waiting, kept while it is fresh
/// and the cache has not changed since (`RefreshingCache.changeCount`).
///
/// Every home page for a visitor who is not signed in asks for the strip on the HTTP
/// server's thread. Asking `RefreshingCache`, a generic class in another module, runs
/// unspecialised generic code that looks up type metadata at run time: that lookup was
/// 4 % of the server's CPU on `GET /` (issue 26). This memo holds concrete types, so the
/// common case is one atomic load and one short lock.
final class FreshStripMemo: Sendable {
    private struct Kept {
        let changeCount: UInt64
        let freshUntil: ContinuousClock.Instant
        let authors: [StoryAuthor]
    }

    private let kept = Mutex<Kept?>(nil)

    /// The kept strip, if the cache's count is still `changeCount` and it is fresh at `now`.
    func authors(changeCount: UInt64, now: ContinuousClock.Instant) -> [StoryAuthor]? {
        kept.withLock { kept in
            guard let kept, kept.changeCount == changeCount, now < kept.freshUntil else { return nil }
            return kept.authors
        }
    }

    /// Keeps `authors`, as the cache answered them while its count was `changeCount` (read
    /// before asking, so a change made meanwhile only makes the memo miss).
    func keep(_ authors: [StoryAuthor], changeCount: UInt64, freshUntil: ContinuousClock.Instant) {
        kept.withLock { $0 = Kept(changeCount: changeCount, freshUntil: freshUntil, authors: authors) }
    }
}
