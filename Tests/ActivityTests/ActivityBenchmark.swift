import ATProto
import ATProtoTestKit
import Accounts
import Activity
import AppTestKit
import CurlHTTPClient
import Foundation
import GrainStoriesWeb
import GrainSupport
import Synchronization
import TestKit
import Testing

/// Not a test: the follower's benchmark for `Benchmarks/activity-follower.sh`, which sets
/// ACTIVITY_BENCH=1. The whole server (LiveApp: real HTTP, SQLite, the follower over a
/// real WebSocket) follows the Jetstream stand-in while clients load pages; a generated
/// stream is replayed at increasing rates (one in ten events a heart on a signed-in
/// account's story, the rest hearts on strangers' stories, as a follower of the whole
/// network sees them). For each rate it prints the events per second the follower kept up
/// with, how far behind it ended, its resident memory, pages served per second meanwhile,
/// and the delay from an event leaving the stand-in to its push message reaching the push
/// stand-in (median and 95th percentile).
@Suite struct ActivityBenchmark {
    private static let environment = ProcessInfo.processInfo.environment

    @Test(.enabled(if: environment["ACTIVITY_BENCH"] != nil))
    func replayAGeneratedStreamAtIncreasingRates() async throws {
        let rates = (Self.environment["ACTIVITY_BENCH_RATES"] ?? "250,500,1000,2000,4000").split(separator: ",").compactMap { Int($0) }
        let seconds = Double(Self.environment["ACTIVITY_BENCH_SECONDS"] ?? "") ?? 5
        let pds = try FakePDS()
        let jetstream = try await StandInJetstream.start()
        let push = try StandInPushService()
        let appView = try StandInAppView(image: [0xFF, 0xD8, 0xFF, 0xD9])
        let alice = DID(FakePDS.Account.alice.did)!
        let story = ATURI(alice, .story, RecordKey(wireText: "3mbenchstory2")!)
        try pds.seedRecord(["createdAt": "2026-09-04T17:30:00.000Z"], collection: "social.grain.story", rkey: "3mbenchstory2", account: "alice.test")
        let url = jetstream.url
        let app = try await LiveApp.start(appViewURL: appView.baseURL) { configuration in
            configuration.activity = true
            configuration.jetstreamHosts = [url]
            configuration.logLevel = .warning
        }
        // Alice is signed in here (a session row is all the follower needs) and has push on.
        _ = try await app.root.sessions.create(
            PDSSession(did: alice, handle: Handle(exactly: "alice.test"), accessToken: Secret("a"), refreshToken: Secret("r")), pdsURL: pds.baseURL,
            displayName: "Alice")
        let browser = try push.subscribe()
        try await app.root.activity.subscriptions.save(
            PushSubscription(account: alice, endpoint: browser.endpoint, p256dh: browser.p256dh, auth: browser.auth, groups: [.hearts]))
        await app.root.activity.stop()
        await app.root.activity.start(accounts: [alice])
        guard let follower = app.root.activity.follower else { return }
        guard await eventually(within: .seconds(30), { jetstream.openConnections > 0 }) else {
            Issue.record("the follower never connected to the Jetstream stand-in")
            return
        }
        print("activity-bench: rate(ev/s) kept-up(ev/s) behind-at-end(ev) rss(MiB) pages/s push-delay-p50(ms) push-delay-p95(ms)")
        let http = OutboundHTTP(userAgent: "bench", insecureHosts: ["127.0.0.1"])
        var published = 0
        var relevantSent: [ContinuousClock.Instant] = []
        var serial = 0
        for rate in rates {
            let total = Int(Double(rate) * seconds)
            let startCount = follower.eventCount
            let startDeliveries = push.deliveries.count
            let pagesServed = Counter()
            let loading = Task {
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<4 {
                        group.addTask {
                            while !Task.isCancelled {
                                if let answer = try? await http.send(HTTPClientRequest(url: app.baseURL + "/")), answer.status == 200 { pagesServed.add() }
                            }
                        }
                    }
                }
            }
            let start = ContinuousClock.now
            var sentThisRate: [ContinuousClock.Instant] = []
            for index in 0..<total {
                // Paced: event i leaves at start + i / rate. This is the benchmark's
                // own send schedule (the rate under test), not a wait for something to
                // happen: a slow machine sends late, which the figures then show.
                let due = start + .seconds(Double(index) / Double(rate))
                if due > .now { try await Task.sleep(until: due, clock: .continuous) }
                serial += 1
                let rkey = "3mbench" + Self.token(serial, width: 6)
                if index % 10 == 0 {
                    sentThisRate.append(.now)
                    jetstream.create(
                        did: "did:plc:fan\(Self.token(serial, width: 21))", collection: "social.grain.favorite", rkey: rkey, record: Self.heart(story))
                } else {
                    let stranger = ATURI(DID("did:plc:stranger\(Self.token(serial % 500, width: 16))")!, .story, RecordKey(wireText: "3mstory222222")!)
                    jetstream.create(
                        did: "did:plc:fan\(Self.token(serial, width: 21))", collection: "social.grain.favorite", rkey: rkey, record: Self.heart(stranger))
                }
            }
            published += total
            let behind = published - follower.eventCount
            let target = startCount + total
            _ = await eventually(within: .seconds(60), { follower.eventCount >= target })
            let caughtUp = ContinuousClock.now
            let wantedDeliveries = startDeliveries + sentThisRate.count
            _ = await eventually(within: .seconds(60), { push.deliveries.count >= wantedDeliveries })
            loading.cancel()
            await loading.value
            let elapsed = caughtUp - start
            let keptUp = Double(follower.eventCount - startCount) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            let deliveries = push.deliveries.dropFirst(startDeliveries).prefix(sentThisRate.count)
            var delays = zip(sentThisRate, deliveries).map { sent, delivery in
                let delay = delivery.receivedAt - sent
                return Double(delay.components.seconds) * 1000 + Double(delay.components.attoseconds) / 1e15
            }
            delays.sort()
            relevantSent += sentThisRate
            let pageSeconds = Double((caughtUp - start).components.seconds) + Double((caughtUp - start).components.attoseconds) / 1e18
            print(
                "activity-bench: \(rate) \(Int(keptUp)) \(max(0, behind)) \(Self.residentMiB()) \(Int(Double(pagesServed.value) / pageSeconds)) "
                    + "\(Self.percentile(delays, 0.5)) \(Self.percentile(delays, 0.95))")
        }
        await http.shutdown()
        await app.stop()
        await push.stop()
        await jetstream.stop()
        await appView.stop()
        pds.stop()
    }

    /// `number` in base32's alphabet (as DIDs and record keys use it), `width` characters.
    static func token(_ number: Int, width: Int) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")
        var value = number
        var characters: [Character] = []
        for _ in 0..<width {
            characters.append(alphabet[value % 32])
            value /= 32
        }
        return String(characters.reversed())
    }

    static func heart(_ subject: ATURI) -> String {
        #"{"$type":"social.grain.favorite","subject":"\#(subject.rawValue)","createdAt":"2026-09-04T17:40:00.000Z"}"#
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> String {
        guard !sorted.isEmpty else { return "-" }
        return String(format: "%.1f", sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))])
    }

    /// VmRSS of this process (the server runs in it), in MiB.
    static func residentMiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    final class Counter: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }
}
