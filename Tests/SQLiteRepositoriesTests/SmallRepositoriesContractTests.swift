import ATProto
import ATProtoTestKit
import AppTestKit
import Foundation
import GrainStoriesWeb
import Social
import Testing
import Viewing

@testable import Geocoding

/// The contracts of the small per-account repositories (strip choice, hidden people,
/// seen state) and the geocoding cache, on every adapter.
@Suite struct SmallRepositoriesContractTests {
    let alice: DID = "did:plc:alice66666666666666666666"
    let bob: DID = "did:plc:bob6666666666666666666666"
    let start = Date(timeIntervalSince1970: 1_788_544_800)

    /// A made-up author DID numbered `n` (0–31), ordered as `n` is.
    static func author(_ n: Int) -> DID {
        DID("did:plc:author" + String(repeating: "x", count: 17) + String(Array("abcdefghijklmnopqrstuvwxyz234567")[n]))!
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func aStripChoiceIsPerAccountAndReplacedBySettingAgain(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let choices = repositories.stripChoices
            #expect(try await choices.choice(for: alice) == nil, "never chose: the default applies")
            try await choices.setChoice(.everyone, for: alice)
            try await choices.setChoice(.following, for: alice)
            try await choices.setChoice(.everyone, for: bob)
            #expect(try await choices.choice(for: alice) == .following)
            #expect(try await choices.choice(for: bob) == .everyone)
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func concurrentHidesNeverPassTheLimitAndHidingAgainChangesNothing(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let hidden = repositories.hiddenAuthors
            let start = self.start
            let alice = self.alice
            let accepted = await withTaskGroup(of: Bool.self) { group in
                for n in 0..<10 {
                    group.addTask { (try? await hidden.hide(Self.author(n), by: alice, now: start.addingTimeInterval(Double(n)), limit: 3)) ?? false }
                }
                return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(accepted == 3)
            let list = try await hidden.hidden(by: alice)
            #expect(list.count == 3)
            #expect(try await hidden.hide(list[0], by: alice, now: start, limit: 3), "already hidden: fine, even when full")
            #expect(try await hidden.hidden(by: alice) == list)
            #expect(try await hidden.hide(Self.author(0), by: bob, now: start, limit: 3), "another account has its own allowance")
            try await hidden.unhide(list[0], by: alice)
            #expect(try await hidden.hidden(by: alice).count == 2)
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func hiddenPeopleAreListedMostRecentlyHiddenFirst(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let hidden = repositories.hiddenAuthors
            try await hidden.hide(Self.author(1), by: alice, now: start, limit: 10)
            try await hidden.hide(Self.author(3), by: alice, now: start.addingTimeInterval(0.002), limit: 10)
            try await hidden.hide(Self.author(2), by: alice, now: start.addingTimeInterval(0.002), limit: 10)
            #expect(try await hidden.hidden(by: alice) == [Self.author(2), Self.author(3), Self.author(1)], "milliseconds count; ties by DID")
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func seenKeepsTheNewerTimeForgetsPastRetentionAndIsPerAccount(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let seen = repositories.seen
            let now = start
            let nowMs = Int64(now.timeIntervalSince1970 * 1000)
            let old = nowMs - Int64(SeenState.retention * 1000) - 1
            try await seen.record(did: alice, author: Self.author(1), newestMilliseconds: old, now: now.addingTimeInterval(-3600))
            try await seen.record(did: alice, author: Self.author(2), newestMilliseconds: nowMs, now: now)
            try await seen.record(did: alice, author: Self.author(2), newestMilliseconds: nowMs - 5000, now: now)
            try await seen.record(did: bob, author: Self.author(3), newestMilliseconds: old, now: now.addingTimeInterval(-3600))
            #expect(try await seen.state(for: alice) == SeenState(newestSeen: [Self.author(2): nowMs]), "the newer time wins; the old entry is forgotten")
            #expect(try await seen.state(for: bob) == SeenState(newestSeen: [Self.author(3): old]), "recording for alice forgets nothing of bob's")
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func viewersAreTheAccountsWhoseNewestSeenStoryReachesTheStoryAndNeverTheAuthor(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let seen = repositories.seen
            let author = Self.author(5)
            let nowMs = Int64(start.timeIntervalSince1970 * 1000)
            try await seen.record(did: bob, author: author, newestMilliseconds: nowMs, now: start)
            try await seen.record(did: alice, author: author, newestMilliseconds: nowMs - 10, now: start)
            try await seen.record(did: author, author: author, newestMilliseconds: nowMs, now: start)
            try await seen.record(did: alice, author: Self.author(6), newestMilliseconds: nowMs, now: start)
            #expect(try await seen.viewers(of: author, createdAtMilliseconds: nowMs) == [bob])
            #expect(try await seen.viewers(of: author, createdAtMilliseconds: nowMs - 10) == [alice, bob])
            #expect(try await seen.viewers(of: author, createdAtMilliseconds: nowMs + 1).isEmpty)
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func theGeocodingCacheAnswersUntilExpiryAndKeepsNoResultAsEmpty(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let cache = repositories.geocodingCache
            let key = GeocodingCacheKey.reverse(try #require(RoundedPosition(latitude: 45.5231, longitude: -122.6813)), language: nil)
            let none = GeocodingCacheKey.reverse(try #require(RoundedPosition(latitude: 1, longitude: 1)), language: nil)
            let place = NominatimPlace(name: "Powell's City of Books", latitude: 45.5230616, longitude: -122.6812796)
            #expect(await cache.places(for: key, at: start) == nil)
            await cache.store([place], for: key, until: start.addingTimeInterval(60))
            await cache.store([], for: none, until: start.addingTimeInterval(60))
            #expect(await cache.places(for: key, at: start.addingTimeInterval(59)) == [place])
            #expect(await cache.places(for: none, at: start) == [], "no result is an answer too")
            #expect(await cache.places(for: key, at: start.addingTimeInterval(60)) == nil, "expired")
            await cache.store([], for: key, until: start.addingTimeInterval(120))
            #expect(await cache.places(for: key, at: start.addingTimeInterval(60)) == [], "storing again replaces")
        }
    }
}
