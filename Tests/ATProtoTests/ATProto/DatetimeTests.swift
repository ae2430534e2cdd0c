import ATProto
import Foundation
import Testing

@Suite struct DatetimeTests {
    @Test func datetimesOrderByTheInstantNotTheText() throws {
        let shortFraction = try #require(Datetime(String("2026-09-04T15:03:55.1Z")))
        let longFraction = try #require(Datetime(String("2026-09-04T15:03:55.100Z")))
        let offset = try #require(Datetime(String("2026-09-04T17:03:55.100+02:00")))
        let later = try #require(Datetime(String("2026-09-04T15:03:55.2Z")))
        let earlierButGreaterText = try #require(Datetime(String("2026-09-04T16:00:00.000+05:00")))
        #expect(shortFraction == longFraction)
        #expect(longFraction == offset)
        #expect(offset < later)
        // As text "2026-09-04T16…" sorts after "2026-09-04T15…"; as an instant it is 11:00Z.
        #expect("2026-09-04T16:00:00.000+05:00" > "2026-09-04T15:03:55.2Z")
        #expect(earlierButGreaterText < later)
        #expect(Set([shortFraction, longFraction, offset]).count == 1)
    }

    @Test func madeHereIsCanonicalUTCWithMilliseconds() {
        let datetime = Datetime(Date(timeIntervalSince1970: 1_788_534_235.1239))
        #expect(datetime.rawValue == "2026-09-04T15:03:55.123Z")
        #expect(datetime.isUTC)
        #expect(Datetime(datetime.rawValue) == datetime)
    }

    @Test func readTextIsWrittenBackUnchanged() throws {
        let text = "2026-09-04T17:03:55.1+02:00"
        let datetime = try #require(Datetime(text))
        #expect(datetime.rawValue == text)
        #expect(!datetime.isUTC)
        let encoded = try JSONEncoder().encode([datetime])
        #expect(String(decoding: encoded, as: UTF8.self) == "[\"\(text)\"]")
    }

    @Test func malformedDatetimesAreRefused() {
        for text in [
            "", "2026-09-04", "2026-09-04T15:03:55", "2026-13-04T15:03:55Z", "2026-02-30T15:03:55Z", "yesterday",
            "2026-09-04T15:03:55.Z", "2026-09-04T15:03:55+2:00",
        ] {
            #expect(Datetime(text) == nil, "\(text)")
        }
    }
}
