import ATProtoTestKit
import Foundation
import Testing

/// Vectors: the timestamp part from arroba's `s32encode`, the clock ID left-padded with
/// `2` as the reference TypeScript `TID.fromTime` does (`padStart(2, '2')`), the whole
/// left-padded to 13 characters. The story rkey `3muojebufwseb` comes from Grain's fixtures.
@Suite struct TIDTests {
    @Test func knownValuesEncodeAsTheReferenceDoes() {
        #expect(TID(microseconds: 1_788_509_551_407_000, clockID: 0).string == "3muojebufws22")
        #expect(TID(microseconds: 1_788_509_551_407_001, clockID: 31).string == "3muojebufwt2z")
        #expect(TID(microseconds: 1, clockID: 1).string == "2222222222323")
        #expect(TID(microseconds: (1 << 53) - 1, clockID: 1023).string == "bzzzzzzzzzzzz")
    }

    @Test func parsingInvertsEncoding() throws {
        let tid = try #require(TID("3muojebufwseb"))
        #expect(tid.string == "3muojebufwseb")
        #expect(TID(tid.string) == tid)
        #expect(abs(tid.date.timeIntervalSince1970 - 1_788_509_551.4) < 86_400)  // The fixture's day.
    }

    @Test func malformedTextIsRejected() {
        #expect(TID("3muojebufwse") == nil)  // 12 characters.
        #expect(TID("3muojebufwseb2") == nil)  // 14.
        #expect(TID("kmuojebufwseb") == nil)  // Top bit set.
        #expect(TID("3muojebufwse1") == nil)  // '1' is outside the alphabet.
        #expect(TID("3MUOJEBUFWSEB") == nil)  // Upper case.
    }

    @Test func clockIsStrictlyMonotonicEvenWhenTimeStandsStillOrStepsBack() {
        var clock = TIDClock(clockID: 7)
        let instant = Date(timeIntervalSince1970: 1_788_509_551)
        var previous = clock.next(at: instant)
        for step in 0..<200 {
            let now = step % 3 == 0 ? instant.addingTimeInterval(-10) : instant
            let next = clock.next(at: now)
            #expect(next > previous)
            #expect(next.string > previous.string)  // String order is time order.
            #expect(next.clockID == 7)
            previous = next
        }
    }
}
