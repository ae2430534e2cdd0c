import ATProto
import ATProtoTestKit
import AppTestKit
import Foundation
import Geocoding
import LoggingTestKit
import MicroHTTPServer
import Synchronization
import TestKit
import Testing

@testable import GrainStoriesWeb

/// One account's flood of place searches cannot keep another's from being answered: the
/// draft page asks Nominatim on behalf of the signed-in account, whose share of the
/// one-per-second queue is two waiting searches. The queue runs on a manual clock whose
/// waits last until the test ends them, so no second really passes.
@Suite struct PlaceSearchShareTests {
    typealias Flow = PostingFlowTests

    @Test func oneAccountsFloodOfSearchesLeavesAnothersAnswered() async throws {
        let pds = try FakePDS(accounts: [.alice, .bob])
        let nominatim = try StandInNominatim()
        let clock = ManualClock()
        let held = HeldWaits()
        let limiter = RateLimiter(interval: .seconds(1), maxWait: .seconds(5), now: { clock.now }, sleep: { _ in await held.wait() })
        let app = try await AppHarness(
            nominatimURL: nominatim.baseURL,
            edges: { edges in
                edges.geocoder = { cache in
                    NominatimClient(
                        baseURL: nominatim.baseURL, operatorContact: "tests@example.org",
                        http: OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"]),
                        logger: LogCapture().logger(), limiter: limiter, cache: cache)
                }
            })
        let (alice, _) = try await Flow.signIn(app, pds)
        let aliceDraft = try #require(try await Flow.upload(alice, try Flow.photoWithGPS()).headers["Location"])
        let bob = CookieJar(app)
        try await SeveralAccountsTests.signIn(bob, .bob, pds)
        let bobDraft = try #require(try await Flow.upload(bob, try Flow.photoWithGPS()).headers["Location"])
        // Alice sends 30 different searches at once: one goes out, two wait, the rest
        // are answered "nothing" at once.
        let flood = (0..<30).map { index in Task { await alice.get(aliceDraft + "/places?q=flood\(index)") } }
        #expect(await eventually { held.waiting == 2 })
        // Bob's search still gets a place in the queue, and an answer.
        let bobSearch = Task { await bob.get(bobDraft + "/places?q=powell") }
        #expect(await eventually { held.waiting == 3 }, "Bob's search was turned away")
        held.release()
        let answer = await bobSearch.value
        #expect(answer.text.contains("Powell"))
        for search in flood { _ = await search.value }
        await app.shutdown()
        await nominatim.stop()
        pds.stop()
    }
}
