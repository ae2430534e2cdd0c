import ATProto
import ATProtoTestKit
import Activity
import Foundation
import GrainStoriesWeb
import Testing

/// The contracts of `ActivityRepository` and `PushSubscriptionRepository`, on every adapter.
@Suite struct ActivityRepositoryContractTests {
    let alice: DID = "did:plc:alice66666666666666666666"
    let bob: DID = "did:plc:bob6666666666666666666666"
    let dave: DID = "did:plc:dave666666666666666666666"
    let start = Date(timeIntervalSince1970: 1_788_544_800)

    func heart(_ rkey: String, by actor: DID, for recipient: DID, at seconds: Double) -> ActivityItem {
        ActivityItem(
            recipient: recipient, kind: .heartOnStory, actor: actor, record: ATURI(actor, .grainFavorite, RecordKey(wireText: rkey)!),
            story: ATURI(recipient, .story, RecordKey(wireText: "3lstory22222a")!), at: start.addingTimeInterval(seconds))
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func anItemIsAddedOncePerRecipientAndRecordAndListedNewestFirst(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let activity = repositories.activity
            #expect(try await activity.add(heart("3lfav2222222a", by: dave, for: alice, at: 1)))
            #expect(try await activity.add(heart("3lfav2222222a", by: dave, for: alice, at: 1)) == false)
            #expect(try await activity.add(heart("3lfav3333333a", by: dave, for: alice, at: 3)))
            var comment = heart("3lfav4444444a", by: dave, for: alice, at: 2)
            comment.kind = .commentOnStory
            comment.text = "ünïcode 🌾"
            comment.comment = comment.record
            #expect(try await activity.add(comment))
            #expect(try await activity.add(heart("3lfav2222222a", by: dave, for: bob, at: 1)), "another recipient of the same record")
            let listed = try await activity.items(for: alice, limit: 10)
            #expect(listed.map(\.record.rkey?.rawValue) == ["3lfav3333333a", "3lfav4444444a", "3lfav2222222a"])
            #expect(listed[1] == comment)
            #expect(try await activity.items(for: alice, limit: 2).count == 2)
            #expect(try await activity.items(for: bob, limit: 10).count == 1)
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func aDeletedRecordDisappearsForEveryoneAndCannotComeBack(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let activity = repositories.activity
            let item = heart("3lfav2222222a", by: dave, for: alice, at: 1)
            #expect(try await activity.add(item))
            #expect(try await activity.add(heart("3lfav2222222a", by: dave, for: bob, at: 1)))
            try await activity.recordDeleted(item.record, at: start.addingTimeInterval(2))
            #expect(try await activity.items(for: alice, limit: 10).isEmpty)
            #expect(try await activity.items(for: bob, limit: 10).isEmpty)
            #expect(try await activity.unseenCount(for: alice) == 0)
            #expect(try await activity.add(item) == false, "a replayed create after the delete")
            let early = heart("3lfav5555555a", by: dave, for: alice, at: 5)
            try await activity.recordDeleted(early.record, at: start.addingTimeInterval(4))
            #expect(try await activity.add(early) == false, "the delete arrived first")
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func aGoneActorsItemsDisappearAndUnseenCountsOnlyWhatCameAfterTheLastLook(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let activity = repositories.activity
            _ = try await activity.add(heart("3lfav2222222a", by: dave, for: alice, at: 1))
            _ = try await activity.add(heart("3lfav3333333a", by: bob, for: alice, at: 2))
            #expect(try await activity.unseenCount(for: alice) == 2)
            #expect(try await activity.lastLook(alice) == nil)
            try await activity.markSeen(alice, at: start.addingTimeInterval(1.5))
            #expect(try await activity.lastLook(alice) == start.addingTimeInterval(1.5))
            #expect(try await activity.unseenCount(for: alice) == 1)
            try await activity.markSeen(alice, at: start)
            #expect(try await activity.unseenCount(for: alice) == 1, "an older look changes nothing")
            try await activity.actorGone(bob, at: start.addingTimeInterval(3))
            #expect(try await activity.unseenCount(for: alice) == 0)
            #expect(try await activity.items(for: alice, limit: 10).map(\.actor) == [dave])
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func pruningForgetsOldItemsAndDeletionsAndTheCursorOnlyMovesForward(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let activity = repositories.activity
            _ = try await activity.add(heart("3lfav2222222a", by: dave, for: alice, at: 1))
            _ = try await activity.add(heart("3lfav3333333a", by: dave, for: alice, at: 100))
            let deleted = heart("3lfav4444444a", by: dave, for: alice, at: 1)
            try await activity.recordDeleted(deleted.record, at: start.addingTimeInterval(1))
            try await activity.prune(before: start.addingTimeInterval(50))
            #expect(try await activity.items(for: alice, limit: 10).map(\.record.rkey?.rawValue) == ["3lfav3333333a"])
            #expect(try await activity.add(deleted), "its deletion was forgotten with it")
            #expect(try await activity.cursor() == nil)
            try await activity.setCursor(2000)
            try await activity.setCursor(1000)
            #expect(try await activity.cursor() == 2000)
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func sharingViewsIsOnUntilTurnedOffPerAccount(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let activity = repositories.activity
            #expect(try await activity.sharesViews(alice))
            try await activity.setSharesViews(alice, false)
            try await activity.markSeen(alice, at: start)
            #expect(try await activity.sharesViews(alice) == false, "a look at the page keeps the choice")
            #expect(try await activity.sharesViews(bob))
            try await activity.setSharesViews(alice, true)
            #expect(try await activity.sharesViews(alice))
        }
    }

    @Test(arguments: RepositoryAdapter.allCases)
    func pushSubscriptionsArePerEndpointAndAccount(adapter: RepositoryAdapter) async throws {
        try await adapter.with { repositories in
            let push = repositories.pushSubscriptions
            let key = [UInt8](repeating: 4, count: 65)
            let auth = [UInt8](repeating: 7, count: 16)
            try await push.save(PushSubscription(account: alice, endpoint: "https://push.example/1", p256dh: key, auth: auth, groups: [.hearts]))
            try await push.save(PushSubscription(account: bob, endpoint: "https://push.example/1", p256dh: key, auth: auth, groups: [.mentions]))
            try await push.save(PushSubscription(account: alice, endpoint: "https://push.example/2", p256dh: key, auth: auth, groups: []))
            try await push.save(PushSubscription(account: alice, endpoint: "https://push.example/1", p256dh: key, auth: auth, groups: [.comments, .replies]))
            #expect(try await push.subscriptions(for: alice).map(\.endpoint) == ["https://push.example/1", "https://push.example/2"])
            #expect(try await push.subscription(endpoint: "https://push.example/1", account: alice)?.groups == [.comments, .replies])
            try await push.remove(endpoint: "https://push.example/2", account: alice)
            #expect(try await push.subscriptions(for: alice).count == 1)
            try await push.remove(endpoint: "https://push.example/1")
            #expect(try await push.subscriptions(for: alice).isEmpty)
            #expect(try await push.subscriptions(for: bob).isEmpty)
        }
    }
}
