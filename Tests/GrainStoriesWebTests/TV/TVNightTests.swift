import AppTestKit
import FeatureTestKit
import Foundation
import GrainSupport
import MicroHTTPServer
import Testing
import Viewing

@testable import GrainStoriesWeb

/// Night hours and the clock as a TV without JavaScript sees them: in quiet hours the
/// page is dark but for a clock and refreshes at the next minute (so the clock stays
/// right, and the stories come back the minute night ends); hours are the operator's or
/// the screen's own, on the TV's wall clock (its time zone from the `tvscreen` cookie,
/// else the operator's), summer time included.
@Suite struct TVNightTests {
    typealias T = TVPageTests

    static func at(_ text: String) -> Date { Timestamp.parse(text)! }

    /// Milliseconds since 1970, as `data-night-change` says it.
    static func millis(_ text: String) -> String { String(Int64(at(text).timeIntervalSince1970 * 1000)) }

    static func nightChange(_ html: String) -> String? {
        HTMLInspection.attributeValues("data-night-change", in: html) { $0.hasPrefix("<main ") }.first
    }

    static func isNight(_ html: String) -> Bool {
        html.contains(" tv-night\"") && T.story(html) == nil
    }

    /// The page's clock: its time and date as written, nil without one.
    static func clock(_ html: String) -> (time: String, date: String)? {
        guard let time = html.slice(after: "<time class=\"tv-clock-time\"", upTo: "</time>").flatMap({ $0.slice(after: ">", upTo: nil) }),
            let date = html.slice(after: "<span class=\"tv-clock-date\">", upTo: "</span>")
        else { return nil }
        return (time, date)
    }

    static func app(now: String, _ configure: @escaping (inout AppConfiguration) -> Void = { _ in }) async throws -> AppHarness {
        try await AppHarness(
            now: at(now),
            configure: { configuration in
                configuration.tvPortraitPairs = .off
                configure(&configuration)
            })
    }

    @Test func inTheOperatorsNightHoursTheScreenIsDarkButForAClockAndLooksAgainEachMinute() async throws {
        let app = try await Self.app(now: "2026-09-04T18:00:00.000Z") { $0.tvNightHours = TVNightHours("17:00-19:00") }
        let night = await app.respond("/tv?interval=12")
        let late = try await Self.app(now: "2026-09-04T18:59:45.000Z") { $0.tvNightHours = TVNightHours("17:00-19:00") }
        let lastMinute = await late.respond("/tv").text
        await late.shutdown()
        await app.shutdown()
        #expect(night.status == .ok)
        let html = night.text
        #expect(Self.isNight(html), "a night page has no story")
        #expect(!html.contains("tv-image") && !html.contains("tv-up-next"), "nothing but the clock")
        #expect(Self.clock(html)?.time == "18:00" && Self.clock(html)?.date == "2026-09-04")
        #expect(T.refresh(html) == "60", "at the next minute")
        #expect(Self.nightChange(html) == Self.millis("2026-09-04T19:00:00Z"))
        #expect(html.contains("data-self-href=\"/tv?interval=12\""), "it asks for the same address again")
        #expect(T.link("settings", html) != nil && T.link("leave", html) == "/")
        #expect(T.refresh(lastMinute) == "15", "the minute night ends")
    }

    /// Without night hours nothing changes: no clock, no night change.
    @Test func withoutNightHoursOrAClockThePageHasNeither() async throws {
        let app = try await Self.app(now: "2026-09-04T03:00:00.000Z")
        let html = await app.respond("/tv").text
        await app.shutdown()
        #expect(T.story(html) != nil)
        #expect(Self.nightChange(html) == nil && Self.clock(html) == nil)
    }

    @Test func aScreensOwnHoursTakeThePlaceOfTheOperators() async throws {
        let app = try await Self.app(now: "2026-09-04T18:00:00.000Z") { $0.tvNightHours = TVNightHours("17:00-19:00") }
        let off = await app.respond("/tv", headers: [("Cookie", "tvsettings=night=off&clock=0&fade=1")]).text
        let own = await app.respond("/tv", headers: [("Cookie", "tvsettings=night=18:30-19:30")]).text
        let damaged = await app.respond("/tv", headers: [("Cookie", "tvsettings=night=%%&clock=maybe")]).text
        await app.shutdown()
        #expect(T.story(off) != nil && Self.nightChange(off) == nil, "night hours off on this screen")
        #expect(T.story(own) != nil && Self.nightChange(own) == Self.millis("2026-09-04T18:30:00Z"), "its own, later")
        #expect(Self.isNight(damaged), "a damaged cookie leaves the server's hours")
    }

    @Test func theScreensTimeZoneDecidesElseTheOperators() async throws {
        let app = try await Self.app(now: "2026-09-04T18:00:00.000Z") { $0.tvNightHours = TVNightHours("19:30-21:00") }
        let berlin = await app.respond("/tv", headers: [("Cookie", "tvscreen=shape=wide&zone=Europe/Berlin")]).text
        let utc = await app.respond("/tv").text
        let unknown = await app.respond("/tv", headers: [("Cookie", "tvscreen=shape=wide&zone=Mars/Olympus_Mons")]).text
        let hostile = await app.respond("/tv", headers: [("Cookie", "tvscreen=zone=../../../etc/passwd")]).text
        await app.shutdown()
        let operatorBerlin = try await Self.app(now: "2026-09-04T18:00:00.000Z") {
            $0.tvNightHours = TVNightHours("19:30-21:00")
            $0.tvTimeZone = "Europe/Berlin"
        }
        let configured = await operatorBerlin.respond("/tv").text
        await operatorBerlin.shutdown()
        #expect(Self.isNight(berlin), "20:00 in Berlin")
        #expect(Self.clock(berlin)?.time == "20:00")
        #expect(berlin.contains("data-time-zone=\"Europe/Berlin\""))
        #expect(T.story(utc) != nil && Self.nightChange(utc) == Self.millis("2026-09-04T19:30:00Z"), "18:00 in UTC, the default")
        #expect(T.story(unknown) != nil && unknown.contains("data-time-zone=\"UTC\""), "a zone this system does not know: the operator's")
        #expect(T.story(hostile) != nil && hostile.contains("data-time-zone=\"UTC\""))
        #expect(Self.isNight(configured), "the operator's zone for a screen that did not say its own")
    }

    /// Berlin's clocks go back at 03:00 on 25 October 2026: 22:00–07:00 ends at 07:00 CET,
    /// 06:00 UTC, an hour later than the evening's offset would say.
    @Test func acrossTheEndOfSummerTimeTheNightEndsAtSevenOnTheWallClock() async throws {
        let berlin = [("Cookie", "tvscreen=shape=wide&zone=Europe/Berlin")]
        func page(_ now: String) async throws -> String {
            let app = try await Self.app(now: now) { $0.tvNightHours = TVNightHours("22:00-07:00") }
            let html = await app.respond("/tv?interval=60", headers: berlin).text
            await app.shutdown()
            return html
        }
        let evening = try await page("2026-10-24T19:59:40.000Z")
        let fallen = try await page("2026-10-24T20:00:00.000Z")
        let beforeSeven = try await page("2026-10-25T05:59:30.000Z")
        let seven = try await page("2026-10-25T06:00:00.000Z")
        #expect(T.story(evening) != nil && Self.nightChange(evening) == Self.millis("2026-10-24T20:00:00Z"))
        #expect(
            T.refresh(evening) == "20;url=/tv?interval=60&at=did:plc:rjnvgfygwwqc5hyfsxmecosf/3mstorycosf1",
            "the next page when night starts, sooner than the interval")
        #expect(Self.isNight(fallen) && Self.clock(fallen)?.time == "22:00")
        #expect(Self.nightChange(fallen) == Self.millis("2026-10-25T06:00:00Z"), "ten hours of night")
        #expect(Self.isNight(beforeSeven) && Self.clock(beforeSeven)?.time == "06:59" && Self.clock(beforeSeven)?.date == "2026-10-25")
        #expect(T.refresh(beforeSeven) == "30")
        #expect(T.story(seven) != nil, "07:00 CET: the stories are back")
        #expect(Self.nightChange(seven) == Self.millis("2026-10-25T21:00:00Z"), "and the next night starts at 22:00 CET")
    }

    /// 23:00–01:00 is night on both sides of midnight; the date turns with it.
    @Test func hoursAcrossMidnightAreNightOnBothSides() async throws {
        var pages: [String] = []
        for now in ["2026-09-04T22:59:00.000Z", "2026-09-04T23:30:00.000Z", "2026-09-05T00:30:00.000Z", "2026-09-05T01:00:00.000Z"] {
            let app = try await Self.app(now: now) { $0.tvNightHours = TVNightHours("23:00-01:00") }
            pages.append(await app.respond("/tv").text)
            await app.shutdown()
        }
        #expect(T.story(pages[0]) != nil)
        #expect(Self.isNight(pages[1]) && Self.clock(pages[1])?.date == "2026-09-04")
        #expect(Self.isNight(pages[2]) && Self.clock(pages[2])?.date == "2026-09-05")
        #expect(Self.nightChange(pages[1]) == Self.millis("2026-09-05T01:00:00Z") && Self.nightChange(pages[2]) == Self.millis("2026-09-05T01:00:00Z"))
        #expect(T.story(pages[3]) != nil)
    }

    @Test func theClockShowsWhenTheScreenAsksForIt() async throws {
        let app = try await Self.app(now: "2026-09-04T18:00:00.000Z")
        let with = await app.respond("/tv", headers: [("Cookie", "tvsettings=clock=1; tvscreen=zone=America/New_York")]).text
        let without = await app.respond("/tv").text
        await app.shutdown()
        #expect(Self.clock(with)?.time == "14:00" && Self.clock(with)?.date == "2026-09-04", "New York's wall clock")
        #expect(with.contains("datetime=\"2026-09-04T18:00:00.000Z\""))
        #expect(Self.clock(without) == nil)
    }
}

extension String {
    /// The text between the first `start` and the next `end` after it (the rest when
    /// `end` is nil); nil when either is missing.
    func slice(after start: String, upTo end: String?) -> String? {
        guard let from = range(of: start)?.upperBound else { return nil }
        guard let end else { return String(self[from...]) }
        guard let to = self[from...].range(of: end)?.lowerBound else { return nil }
        return String(self[from..<to])
    }
}
