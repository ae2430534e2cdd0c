package import ATProto
package import Activity
import Synchronization

/// `PushSubscriptionRepository` in memory (the contract suite's second adapter).
package final class InMemoryPushSubscriptionRepository: PushSubscriptionRepository {
    private struct Key: Hashable {
        var endpoint: String
        var account: DID
    }

    private let rows = Mutex<[Key: PushSubscription]>([:])

    package init() {}

    package func save(_ subscription: PushSubscription) async throws {
        rows.withLock { $0[Key(endpoint: subscription.endpoint, account: subscription.account)] = subscription }
    }

    package func subscriptions(for account: DID) async throws -> [PushSubscription] {
        rows.withLock { rows in rows.values.filter { $0.account == account }.sorted { $0.endpoint < $1.endpoint } }
    }

    package func subscription(endpoint: String, account: DID) async throws -> PushSubscription? {
        rows.withLock { $0[Key(endpoint: endpoint, account: account)] }
    }

    package func remove(endpoint: String) async throws {
        rows.withLock { rows in rows = rows.filter { $0.key.endpoint != endpoint } }
    }

    package func remove(endpoint: String, account: DID) async throws {
        _ = rows.withLock { $0.removeValue(forKey: Key(endpoint: endpoint, account: account)) }
    }
}
