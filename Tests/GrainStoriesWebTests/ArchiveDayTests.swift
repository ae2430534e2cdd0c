import Foundation
import Testing

@testable import GrainStoriesWeb

/// The archive's day labels were `Date.FormatStyle` for `en_GB` in UTC until the server
/// stopped linking ICU (issue 26); the hand-written label must read the same.
@Suite struct ArchiveDayTests {
    @Test func everyDayFrom1900To2200ReadsAsFoundationWroteIt() {
        let style = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Locale(identifier: "en_GB"), timeZone: .gmt)
        var differences: [String] = []
        // Noon and the last second of each day, a day at a time.
        var seconds: Double = -2_208_988_800  // 1900-01-01
        while seconds < 7_258_118_400 {  // 2200-01-01
            for offset in [43_200.0, 86_399.5] {
                let date = Date(timeIntervalSince1970: seconds + offset)
                if ArchiveDay.label(date) != date.formatted(style) { differences.append("\(date): \(ArchiveDay.label(date))") }
            }
            seconds += 86_400
        }
        #expect(differences.isEmpty, "\(differences.prefix(10))")
    }

    @Test func theMonthsAreBritishAbbreviations() {
        #expect(ArchiveDay.label(Date(timeIntervalSince1970: 1_788_534_235)) == "4 Sep 2026")
        #expect(ArchiveDay.label(Date(timeIntervalSince1970: 0)) == "1 Jan 1970")
        #expect(ArchiveDay.label(Date(timeIntervalSince1970: -1)) == "31 Dec 1969")
    }
}
