import FoundationEssentials
import GrainSupport
import Testing

/// Time zones read from the system's tz files: offsets on both sides of the clock
/// changes, the rule at the end of a file for years it does not list, wall-clock times
/// turned into instants (skipped and repeated hours included), and names checked
/// before any file is opened.
struct ZoneInfoTests {
    let catalog = ZoneInfoCatalog()

    static func at(_ text: String) -> Date { Timestamp.parse(text)! }

    @Test func berlinChangesItsClocksOnTheLastSundaysOfMarchAndOctober() throws {
        let berlin = try catalog.zone(named: "Europe/Berlin")
        #expect(berlin.secondsFromGMT(at: Self.at("2026-03-29T00:59:59Z")) == 3600)
        #expect(berlin.secondsFromGMT(at: Self.at("2026-03-29T01:00:00Z")) == 7200)
        #expect(berlin.secondsFromGMT(at: Self.at("2026-10-25T00:59:59Z")) == 7200)
        #expect(berlin.secondsFromGMT(at: Self.at("2026-10-25T01:00:00Z")) == 3600)
        #expect(berlin.localTime(at: Self.at("2026-10-24T20:30:00Z")).description == "2026-10-24 22:30")
        #expect(berlin.localTime(at: Self.at("2026-10-25T06:30:00Z")).description == "2026-10-25 07:30")
    }

    /// After the last transition a file lists, its POSIX rule decides (2050 is past the
    /// 2037 that Debian's files spell out).
    @Test func yearsPastTheFileFollowItsRule() throws {
        let berlin = try catalog.zone(named: "Europe/Berlin")
        #expect(berlin.secondsFromGMT(at: Self.at("2050-03-27T00:59:59Z")) == 3600)
        #expect(berlin.secondsFromGMT(at: Self.at("2050-03-27T01:00:00Z")) == 7200)
        #expect(berlin.secondsFromGMT(at: Self.at("2050-10-30T00:59:59Z")) == 7200)
        #expect(berlin.secondsFromGMT(at: Self.at("2050-10-30T01:00:00Z")) == 3600)
    }

    /// Southern summers span the new year; Lord Howe moves by half an hour; São Paulo
    /// no longer changes at all.
    @Test func southernHalfHourAndAbolishedSummerTimes() throws {
        let sydney = try catalog.zone(named: "Australia/Sydney")
        #expect(sydney.secondsFromGMT(at: Self.at("2026-01-15T00:00:00Z")) == 39600)
        #expect(sydney.secondsFromGMT(at: Self.at("2026-07-15T00:00:00Z")) == 36000)
        #expect(sydney.secondsFromGMT(at: Self.at("2045-01-15T00:00:00Z")) == 39600, "by the rule")
        #expect(sydney.secondsFromGMT(at: Self.at("2045-07-15T00:00:00Z")) == 36000, "by the rule")
        let lordHowe = try catalog.zone(named: "Australia/Lord_Howe")
        #expect(lordHowe.secondsFromGMT(at: Self.at("2026-07-01T00:00:00Z")) == 37800)
        #expect(lordHowe.secondsFromGMT(at: Self.at("2026-12-01T00:00:00Z")) == 39600)
        #expect(try catalog.zone(named: "America/Sao_Paulo").secondsFromGMT(at: Self.at("2026-12-01T00:00:00Z")) == -10800)
    }

    /// A wall-clock time the clocks skip is read as the same time after the skip; one
    /// they show twice is its first occurrence; any other is the one instant.
    @Test func wallClockTimesBecomeInstants() throws {
        let berlin = try catalog.zone(named: "Europe/Berlin")
        #expect(berlin.date(at: LocalTime(year: 2026, month: 7, day: 1, secondsOfDay: 12 * 3600)) == Self.at("2026-07-01T10:00:00Z"))
        #expect(berlin.date(at: LocalTime(year: 2026, month: 3, day: 29, secondsOfDay: 2 * 3600 + 1800)) == Self.at("2026-03-29T01:30:00Z"))
        #expect(berlin.date(at: LocalTime(year: 2026, month: 10, day: 25, secondsOfDay: 2 * 3600 + 1800)) == Self.at("2026-10-25T00:30:00Z"))
        #expect(berlin.date(at: LocalTime(year: 2026, month: 10, day: 25, secondsOfDay: 7 * 3600)) == Self.at("2026-10-25T06:00:00Z"))
    }

    /// The rule alone and the file's listed transitions agree for every hour of the years
    /// both cover: the rule is read right.
    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Australia/Lord_Howe", "America/Santiago"])
    func theRuleAgreesWithTheListedTransitions(name: String) throws {
        let zone = try catalog.zone(named: name)
        let ruleOnly = try #require(zone.ruleOnly, "\(name) has no rule at its end")
        var hour = Self.at("2030-01-01T00:00:00Z")
        while hour < Self.at("2036-01-01T00:00:00Z") {
            try #require(zone.secondsFromGMT(at: hour) == ruleOnly.secondsFromGMT(at: hour), "\(name) at \(Timestamp.format(hour))")
            hour += 3600
        }
    }

    @Test func utcNeedsNoFileAndUnknownNamesOpenNone() throws {
        #expect(try ZoneInfoCatalog(directory: "/nonexistent").zone(named: "UTC") == .utc)
        for name in ["../etc/passwd", "Europe/../../etc/passwd", ".hidden", "right/Europe/Berlin", "Europe//Berlin", "", "a/b/c/d", "Europe", "No/Such_Zone"] {
            #expect(throws: ZoneInfoError.unknown(name), "\(name)") { try catalog.zone(named: name) }
        }
    }

    @Test func filesThatAreNotTZifAreRefused() {
        #expect(throws: ZoneInfoError.unreadable("x", "it is not a TZif file")) { try ZoneInfo(identifier: "x", tzif: Array("hello".utf8)) }
        var truncated = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
        truncated += [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0, 1, 0, 0, 0, 4]
        #expect(throws: ZoneInfoError.self) { try ZoneInfo(identifier: "y", tzif: truncated) }
    }
}
