import ATProto
import ATProtoTestKit
import Activity
import AppTestKit
import FeatureTestKit
import Foundation
import LoggingTestKit
import P256
import Testing

/// Push messages through the push-service stand-in, which checks the VAPID JWT and
/// decrypts each message with the browser's keys.
@Suite struct PushNotifierTests {
    let subscriptions = InMemoryPushSubscriptionRepository()
    let log = LogCapture()

    func notifier(_ push: StandInPushService) throws -> (PushNotifier, VAPIDKey) {
        let vapid = VAPIDKey(key: try P256.PrivateKey.generate())
        let http = OutboundHTTP(userAgent: "tests", insecureHosts: [push.hostAndPort])
        return (
            PushNotifier(subscriptions: subscriptions, vapid: vapid, contact: "mailto:operator@example.org", http: http, logger: log.logger(), now: Date.init),
            vapid
        )
    }

    func item(_ kind: ActivityKind, for recipient: DID = People.alice) -> ActivityItem {
        ActivityItem(
            recipient: recipient, kind: kind, actor: People.dave, record: People.favorite(of: People.dave, "3lfav2222222a"),
            story: People.story(of: recipient), text: "a secret comment", at: Date())
    }

    @Test func aMessageReachesEachBrowserThatWantsItsKindSignedAndReadableOnlyThere() async throws {
        let push = try StandInPushService()
        let (notifier, vapid) = try notifier(push)
        let phone = try push.subscribe()
        let laptop = try push.subscribe()
        try await subscriptions.save(
            PushSubscription(account: People.alice, endpoint: phone.endpoint, p256dh: phone.p256dh, auth: phone.auth, groups: [.hearts, .comments]))
        try await subscriptions.save(
            PushSubscription(account: People.alice, endpoint: laptop.endpoint, p256dh: laptop.p256dh, auth: laptop.auth, groups: [.comments]))
        await notifier.notify(item(.heartOnStory))
        await notifier.notify(item(.mention))
        let deliveries = push.deliveries
        #expect(deliveries.count == 1, "the laptop wants no hearts; nobody wants mentions")
        let delivery = try #require(deliveries.first)
        #expect(delivery.endpoint == phone.endpoint)
        #expect(delivery.refusal == nil)
        #expect(delivery.vapidKey == vapid.publicKeyText)
        #expect(delivery.ttl == "86400")
        let message = try #require(delivery.plaintext)
        #expect(message.contains("Someone hearted your story"))
        #expect(!message.contains("dave") && !message.contains("secret"), "nothing a lock screen should not show")
        await notifier.notify(item(.commentOnStory))
        #expect(Set(push.deliveries.suffix(2).map(\.endpoint)) == [phone.endpoint, laptop.endpoint])
        await push.stop()
    }

    @Test(arguments: [404, 410])
    func aSubscriptionThePushServiceSaysIsGoneEndsForEveryAccount(status: Int) async throws {
        let push = try StandInPushService()
        let (notifier, _) = try notifier(push)
        let browser = try push.subscribe()
        for account in [People.alice, People.bob] {
            try await subscriptions.save(
                PushSubscription(account: account, endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth, groups: Set(PushGroup.allCases)))
        }
        push.answer(status, for: browser.endpoint)
        await notifier.notify(item(.heartOnStory))
        #expect(push.deliveries.count == 1)
        #expect(try await subscriptions.subscriptions(for: People.alice).isEmpty)
        #expect(try await subscriptions.subscriptions(for: People.bob).isEmpty)
        await notifier.notify(item(.heartOnStory))
        #expect(push.deliveries.count == 1, "never sent again")
        await push.stop()
    }

    @Test func aServerErrorKeepsTheSubscription() async throws {
        let push = try StandInPushService()
        let (notifier, _) = try notifier(push)
        let browser = try push.subscribe()
        try await subscriptions.save(
            PushSubscription(account: People.alice, endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth, groups: [.hearts]))
        push.answer(500, for: browser.endpoint)
        await notifier.notify(item(.heartOnStory))
        #expect(try await subscriptions.subscriptions(for: People.alice).count == 1)
        #expect(log.lines.contains { $0.contains("answered 500") })
        await push.stop()
    }

    @Test func anEndpointOnAnInternalAddressIsNeverContacted() async throws {
        let push = try StandInPushService()
        let vapid = VAPIDKey(key: try P256.PrivateKey.generate())
        let notifier = PushNotifier(
            subscriptions: subscriptions, vapid: vapid, contact: nil, http: OutboundHTTP(userAgent: "tests", insecureHosts: []), logger: log.logger(),
            now: Date.init)
        let browser = try push.subscribe()
        let outcome = await notifier.send(
            PushMessage(for: .heartOnStory),
            to: PushSubscription(account: People.alice, endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth, groups: [.hearts]))
        #expect(outcome != .delivered)
        #expect(push.deliveries.isEmpty)
        await push.stop()
    }
}
