package import ATProto
package import Activity
import SQLiteStore

/// `PushSubscriptionRepository` over the `push_subscriptions` table (migration 10).
package struct SQLitePushSubscriptionRepository: PushSubscriptionRepository {
    let database: Database

    package init(database: AppDatabase) { self.database = database.database }

    package func save(_ subscription: PushSubscription) async throws {
        let groups = subscription.groups.map(\.rawValue).sorted().joined(separator: ",")
        try await database.write { db in
            try db.execute(
                """
                INSERT INTO push_subscriptions (endpoint, did, p256dh, auth, groups) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(endpoint, did) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, groups = excluded.groups
                """, [subscription.endpoint, subscription.account, subscription.p256dh, subscription.auth, groups])
        }
    }

    package func subscriptions(for account: DID) async throws -> [PushSubscription] {
        try await database.read { db in
            try db.query("SELECT endpoint, did, p256dh, auth, groups FROM push_subscriptions WHERE did = ? ORDER BY endpoint", [account])
                .map(Self.subscription)
        }
    }

    package func subscription(endpoint: String, account: DID) async throws -> PushSubscription? {
        try await database.read { db in
            try db.queryOne("SELECT endpoint, did, p256dh, auth, groups FROM push_subscriptions WHERE endpoint = ? AND did = ?", [endpoint, account])
                .map(Self.subscription)
        }
    }

    package func remove(endpoint: String) async throws {
        try await database.write { db in try db.execute("DELETE FROM push_subscriptions WHERE endpoint = ?", [endpoint]) }
    }

    package func remove(endpoint: String, account: DID) async throws {
        try await database.write { db in try db.execute("DELETE FROM push_subscriptions WHERE endpoint = ? AND did = ?", [endpoint, account]) }
    }

    private static func subscription(_ row: Row) throws -> PushSubscription {
        PushSubscription(
            account: try row.value("did", as: DID.self), endpoint: try row.string("endpoint"), p256dh: try row.blob("p256dh"),
            auth: try row.blob("auth"), groups: Set(try row.string("groups").split(separator: ",").compactMap { PushGroup(rawValue: String($0)) }))
    }
}
