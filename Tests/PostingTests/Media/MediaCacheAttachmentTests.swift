import Foundation
import HTTPTestKit
import TestKit
import Testing

@testable import Viewing

/// What callers attach to cached images (`MediaCache.attach`, used for answers that hold
/// the file open): it stays with the file, goes with it, never passes to a later download,
/// and at most the cache's limit of files hold one.
@Suite struct MediaCacheAttachmentTests {
    private final class Token: Sendable {}

    /// Only the cache holds the token once this returns; `token` says whether it still does.
    private struct Held {
        weak var token: Token?
    }

    private static func attachToken(_ cache: MediaCache, to entry: MediaCache.Entry) -> Held {
        let token = Token()
        cache.attach(token, to: entry)
        return Held(token: token)
    }

    private static func attachment(_ cache: MediaCache, _ url: String) -> (any AnyObject & Sendable)? {
        cache.cachedEntry(for: url)?.attachment
    }

    @Test func anAttachmentStaysWithItsFileAndGoesWhenTheFileIsEvicted() async throws {
        let cdn = try MediaCacheTests.cdn()
        defer { cdn.stop() }
        let directory = ProjectPaths.temporaryDirectory("media")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Room for three 3,000-byte images, as in the eviction test.
        try await MediaCacheTests.withCache(in: directory, maxBytes: 10_000, cdn: cdn) { cache in
            let url = cdn.url("/img/a")
            let a = try await cache.entry(for: url)
            #expect(a.attachment == nil)
            let held = Self.attachToken(cache, to: a)
            #expect(held.token != nil, "the cache keeps it")
            #expect(Self.attachment(cache, url) === held.token)
            let second = Self.attachToken(cache, to: a)
            #expect(second.token == nil, "a file with an attachment keeps its first one")
            #expect(Self.attachment(cache, url) === held.token)
            #expect(cache.attachedCount == 1)

            for name in ["b", "c", "d"] { _ = try await cache.entry(for: cdn.url("/img/\(name)")) }
            #expect(cache.cachedEntry(for: url) == nil, "a, used least recently, is evicted")
            #expect(held.token == nil, "and its attachment released with it")
            #expect(cache.attachedCount == 0)

            let again = try await cache.entry(for: url)
            #expect(again.attachment == nil)
            let stale = Self.attachToken(cache, to: a)
            #expect(stale.token == nil, "the evicted file's entry attaches nothing to the new download")
            #expect(Self.attachment(cache, url) == nil)
        }
    }

    @Test func atMostTheLimitOfFilesHoldOneAndTheLeastRecentlyUsedGivesItsUp() async throws {
        let cdn = try MediaCacheTests.cdn()
        defer { cdn.stop() }
        let directory = ProjectPaths.temporaryDirectory("media")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let limit = 4
        try await MediaCacheTests.withCache(in: directory, cdn: cdn, attachmentLimit: limit) { cache in
            var held: [Held] = []
            for index in 0..<limit {
                held.append(Self.attachToken(cache, to: try await cache.entry(for: cdn.url("/img/\(index)"))))
            }
            #expect(cache.attachedCount == limit)
            #expect(held.allSatisfy { $0.token != nil })
            _ = cache.cachedEntry(for: cdn.url("/img/0"))  // 0 is now used more recently than 1
            let extra = Self.attachToken(cache, to: try await cache.entry(for: cdn.url("/img/extra")))
            #expect(extra.token != nil)
            #expect(cache.attachedCount == limit)
            #expect(held[1].token == nil, "1 was used least recently")
            #expect(Self.attachment(cache, cdn.url("/img/1")) == nil)
            #expect(held[0].token != nil && held[2...].allSatisfy { $0.token != nil })
        }
    }
}
