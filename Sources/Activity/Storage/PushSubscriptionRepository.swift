package import ATProto

/// Where browsers' push subscriptions are kept: one per (endpoint, account), since a
/// browser with several accounts signed in gets each one's messages under its own
/// settings.
///
/// Contract (checked for every adapter by `ActivityRepositoryContractTests`): saving again
/// replaces the groups and keys; `remove(endpoint:)` ends the endpoint for every account;
/// `subscriptions(for:)` lists one account's only.
package protocol PushSubscriptionRepository: Sendable {
    func save(_ subscription: PushSubscription) async throws
    func subscriptions(for account: DID) async throws -> [PushSubscription]
    /// The one subscription of this browser for `account`, if any.
    func subscription(endpoint: String, account: DID) async throws -> PushSubscription?
    /// Ends the endpoint for every account (the push service answered 404 or 410).
    func remove(endpoint: String) async throws
    /// Ends it for one account (that person turned push off on this browser).
    func remove(endpoint: String, account: DID) async throws
}
