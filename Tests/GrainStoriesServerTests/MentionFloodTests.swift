import ATProtoTestKit
import AppTestKit
import CurlHTTPClient
import Foundation
import GrainStoriesWeb
import PhotoPipeline
import PhotoTestKit
import Social
import Synchronization
import TestKit
import Testing

/// One account flooding `/mentions` while Grain's AppView is slow to answer searches
/// (issue 45, finding 7: ten searches a second made another visitor's profile pages wait
/// 4–5 s behind them on the shared connections to the AppView). With the stand-in
/// AppView holding every search, the visitor's profile fetch must reach it while the
/// searches wait: shown by what arrived there and in which order, never by timing.
@Suite(.serialized) struct MentionFloodTests {
    static let search = "social.grain.unspecced.searchActorsTypeahead"

    @Test func aFloodOfSearchesFromOneAccountLeavesTheAppViewsConnectionsToThePages() async throws {
        let pds = try FakePDS()
        defer { pds.stop() }
        let appView = try StandInAppView(image: try JPEGEncoder.encode(TestImages.photoLike(width: 40, height: 40), quality: 80))
        // The product's AppView time limit, so a profile fetch that gets a connection is
        // never cut short on a busy machine; one stuck behind the searches still fails.
        let app = try await LiveApp.start(appViewURL: appView.baseURL) { $0.appViewTimeoutSeconds = AppConfiguration().appViewTimeoutSeconds }
        let alice = try await ConfigurationEffectTests.signIn(app, pds)
        appView.holdTypeahead()
        let before = appView.arrivals.count

        // Twelve searches at once from one account: more than the eight connections a
        // host gets, all within the account's allowance of twenty.
        let flood = (0..<12).map { index in
            Task { try await alice.get("/mentions?q=a\(index)") }
        }
        let answered = AnsweredCount()
        let statuses = Task {
            var statuses: [Int] = []
            for request in flood {
                let response = try await request.value
                answered.count.add(1, ordering: .relaxed)
                statuses.append(response.status)
                if response.status == 503 { #expect(response.headers["Retry-After"] == "1") }
            }
            return statuses
        }
        // Every search is either turned away or waiting at the AppView.
        #expect(await eventually { answered.count.load(ordering: .relaxed) + appView.heldTypeaheadCount >= 12 })

        // Another visitor's profile page, while the searches are held.
        let profile = try await app.request("/profile/mayaokafor.bsky.social")
        #expect(profile.status == 200)
        #expect(profile.text.contains("avatar-ring avatar-large ring-unseen"), "the AppView answered the page")
        let arrived = Array(appView.arrivals.dropFirst(before))
        let searchesBeforeThePage = arrived.prefix { $0 == Self.search }.count
        #expect(searchesBeforeThePage <= MentionSuggestions.maxInFlight, "searches ahead of the page: \(arrived)")
        #expect(arrived.contains { $0 != Self.search }, "the page's own fetch reached the AppView: \(arrived)")
        #expect(appView.heldTypeaheadCount >= 1, "and the searches were still held")

        appView.releaseTypeahead()
        let all = try await statuses.value
        #expect(all.filter { $0 == 200 }.count == 1, "one search went out: \(all)")
        #expect(all.filter { $0 == 503 }.count == 11, "the rest were turned away at once: \(all)")
        await alice.shutdown()
        await app.stop()
        await appView.stop()
    }
}

/// How many of the flood's requests have been answered, counted from their tasks.
private final class AnsweredCount: Sendable {
    let count = Atomic(0)
}
