import ATProtoTestKit
import Foundation
import Testing

@testable import ATProto
@testable import Presentation
@testable import Social
@testable import Viewing

@Suite struct LabelPolicyTests {
    let now = Date(timeIntervalSince1970: 1_788_544_800)

    @Test func unlabelledStoriesAreShown() {
        #expect(LabelPolicy.decide([], now: now) == .show)
        #expect(LabelPolicy.decide([Label(val: "some-unknown-label")], now: now) == .show)
    }

    @Test func adultAndGraphicSelfLabelsWarn() {
        #expect(LabelPolicy.decide([Label(val: "nudity")], now: now) == .warn(reason: "Nudity"))
        #expect(LabelPolicy.decide([Label(val: "sexual"), Label(val: "graphic-media")], now: now) == .warn(reason: "Graphic media, Sexual content"))
    }

    @Test(arguments: ["!hide", "!takedown", "spam", "copyright", "gore", "nsfl", "dmca-violation", "doxxing"])
    func hideSeverityLabelsHide(value: String) {
        #expect(LabelPolicy.decide([Label(val: "nudity"), Label(val: value)], now: now) == .hide)
    }

    @Test func theNewestEntryPerValueDecidesAndNegationCancels() {
        let labels = [
            Label(src: "did:plc:labeler", val: "spam", neg: false, cts: "2026-09-01T00:00:00.000Z"),
            Label(src: "did:plc:labeler", val: "spam", neg: true, cts: "2026-09-02T00:00:00.000Z"),
        ]
        #expect(LabelPolicy.decide(labels, now: now) == .show)
        #expect(LabelPolicy.decide(labels.reversed(), now: now) == .show)
    }

    @Test func expiredLabelsNoLongerApply() {
        #expect(LabelPolicy.decide([Label(val: "!hide", exp: "2026-01-01T00:00:00.000Z")], now: now) == .show)
        #expect(LabelPolicy.decide([Label(val: "!hide", exp: "2027-01-01T00:00:00.000Z")], now: now) == .hide)
    }
}

@Suite struct RelativeTimeTests {
    let now = Date(timeIntervalSince1970: 1_788_544_800)

    @Test(arguments: [
        (Double(10), "now", "just now"), (Double(60), "1m", "1 minute ago"), (Double(125), "2m", "2 minutes ago"),
        (Double(3 * 3600 + 5), "3h", "3 hours ago"), (Double(86_400), "1d", "1 day ago"), (Double(15 * 86_400), "2w", "2 weeks ago"),
        (Double(-500), "now", "just now"),
    ])
    func formats(secondsAgo: Double, short: String, long: String) {
        let date = now.addingTimeInterval(-secondsAgo)
        #expect(RelativeTime.short(from: date, now: now) == short)
        #expect(RelativeTime.long(from: date, now: now) == long)
    }
}
