import FoundationEssentials
import GrainSupport
import Testing
import Viewing

/// Night hours on a wall clock: on both sides of midnight, with hours that span it and
/// hours that do not, and across the night summer time ends in Berlin.
struct TVNightHoursTests {
    static let berlin = try! ZoneInfoCatalog().zone(named: "Europe/Berlin")
    static func at(_ text: String) -> Date { Timestamp.parse(text)! }

    @Test func hoursAreReadAndWrittenAsHHMM() {
        #expect(TVNightHours("22:00-07:00") == TVNightHours(start: 22 * 60, end: 7 * 60))
        #expect(TVNightHours(" 0:30 - 6:00 ")?.description == "00:30-06:00")
        #expect(TVNightHours("23:00-24:00")?.description == "23:00-00:00")
        for bad in ["", "22:00", "22-07", "22:00-22:00", "25:00-07:00", "22:60-07:00", "22:00-07:00-08:00", "ab:cd-07:00", "24:30-01:00"] {
            #expect(TVNightHours(bad) == nil, "\(bad)")
        }
    }

    /// 23:00–01:00: night on both sides of midnight, day either side of it.
    @Test func hoursSpanningMidnightAreNightOnBothSidesOfIt() throws {
        let hours = try #require(TVNightHours("23:00-01:00"))
        let utc = ZoneInfo.utc
        #expect(hours.phase(at: Self.at("2026-09-04T22:59:59Z"), in: utc) == .day(nightFrom: Self.at("2026-09-04T23:00:00Z")))
        #expect(hours.phase(at: Self.at("2026-09-04T23:00:00Z"), in: utc) == .night(until: Self.at("2026-09-05T01:00:00Z")))
        #expect(hours.phase(at: Self.at("2026-09-04T23:59:59Z"), in: utc) == .night(until: Self.at("2026-09-05T01:00:00Z")))
        #expect(hours.phase(at: Self.at("2026-09-05T00:30:00Z"), in: utc) == .night(until: Self.at("2026-09-05T01:00:00Z")))
        #expect(hours.phase(at: Self.at("2026-09-05T01:00:00Z"), in: utc) == .day(nightFrom: Self.at("2026-09-05T23:00:00Z")))
    }

    /// 00:30–06:00 lies after midnight: the evening before is day.
    @Test func hoursAfterMidnightLeaveTheEveningBeforeAlone() throws {
        let hours = try #require(TVNightHours("00:30-06:00"))
        let utc = ZoneInfo.utc
        #expect(hours.phase(at: Self.at("2026-09-04T23:45:00Z"), in: utc) == .day(nightFrom: Self.at("2026-09-05T00:30:00Z")))
        #expect(hours.phase(at: Self.at("2026-09-05T03:00:00Z"), in: utc) == .night(until: Self.at("2026-09-05T06:00:00Z")))
        #expect(hours.phase(at: Self.at("2026-09-05T06:00:00Z"), in: utc) == .day(nightFrom: Self.at("2026-09-06T00:30:00Z")))
    }

    /// On 25 October 2026 Berlin's clocks go back from 03:00 to 02:00: 22:00–07:00 ends at
    /// 07:00 CET (06:00 UTC), not 07:00 CEST (05:00 UTC), so the night lasts ten hours.
    @Test func theNightSummerTimeEndsLastsAsTheWallClockSays() throws {
        let hours = try #require(TVNightHours("22:00-07:00"))
        let evening = Self.at("2026-10-24T19:59:00Z")  // 21:59 CEST
        #expect(hours.phase(at: evening, in: Self.berlin) == .day(nightFrom: Self.at("2026-10-24T20:00:00Z")))
        #expect(hours.phase(at: Self.at("2026-10-24T20:00:00Z"), in: Self.berlin) == .night(until: Self.at("2026-10-25T06:00:00Z")))
        #expect(hours.phase(at: Self.at("2026-10-25T05:30:00Z"), in: Self.berlin).isNight, "06:30 CET is still night")
        #expect(hours.phase(at: Self.at("2026-10-25T06:00:00Z"), in: Self.berlin) == .day(nightFrom: Self.at("2026-10-25T21:00:00Z")))
    }

    /// In spring the night is an hour shorter: 22:00 CET to 07:00 CEST.
    @Test func theNightSummerTimeStartsIsAnHourShorter() throws {
        let hours = try #require(TVNightHours("22:00-07:00"))
        #expect(hours.phase(at: Self.at("2026-03-28T21:00:00Z"), in: Self.berlin) == .night(until: Self.at("2026-03-29T05:00:00Z")))
    }
}
