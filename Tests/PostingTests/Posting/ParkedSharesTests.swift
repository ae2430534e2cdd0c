import Foundation
import Posting
import Testing

/// The shelf of photos shared before signing in, on its own: one per browser, bounded
/// per client address, in count and in bytes, and for an hour; every file it lets go of
/// is handed back for deletion, none is forgotten.
@Suite struct ParkedSharesTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func photo(
        _ path: String, bytes: Int = 100, address: String = "192.0.2.1", at offset: TimeInterval = 0, leftOut: Int = 0
    )
        -> ParkedShares.Parked
    {
        ParkedShares.Parked(path: path, bytes: bytes, leftOut: leftOut, address: address, parkedAt: start.addingTimeInterval(offset))
    }

    @Test func aParkedPhotoIsTakenOnceByTheBrowserThatSharedIt() throws {
        let shelf = ParkedShares(maxBytes: 1000)
        #expect(try shelf.park(Self.photo("/u/a", leftOut: 2), browser: "browser-1").isEmpty)
        #expect(shelf.take(browser: "browser-2", now: Self.start).photo == nil, "another browser gets nothing")
        let taken = shelf.take(browser: "browser-1", now: Self.start.addingTimeInterval(60))
        #expect(taken.photo?.path == "/u/a" && taken.photo?.leftOut == 2)
        #expect(shelf.take(browser: "browser-1", now: Self.start.addingTimeInterval(61)).photo == nil, "taken once")
        #expect(shelf.count == 0)
    }

    @Test func aNewShareFromTheSameBrowserReplacesItsEarlierOne() throws {
        let shelf = ParkedShares(maxBytes: 1000)
        _ = try shelf.park(Self.photo("/u/first"), browser: "browser-1")
        let removed = try shelf.park(Self.photo("/u/second", at: 10), browser: "browser-1")
        #expect(removed == ["/u/first"], "the earlier photo's file is handed back for deletion")
        #expect(shelf.take(browser: "browser-1", now: Self.start.addingTimeInterval(20)).photo?.path == "/u/second")
    }

    @Test func aPhotoWaitsAnHourAtMost() throws {
        let shelf = ParkedShares(maxBytes: 1000, lifetime: 3600)
        _ = try shelf.park(Self.photo("/u/old"), browser: "browser-1")
        #expect(shelf.sweep(now: Self.start.addingTimeInterval(3599)).isEmpty)
        let late = shelf.take(browser: "browser-1", now: Self.start.addingTimeInterval(3600))
        #expect(late.photo == nil && late.expired == ["/u/old"], "gone after an hour, its file handed back")
        _ = try shelf.park(Self.photo("/u/other"), browser: "browser-2")
        #expect(shelf.sweep(now: Self.start.addingTimeInterval(3600)) == ["/u/other"])
        #expect(shelf.count == 0)
    }

    @Test func oneAddressCanParkOnlyAFewPhotosAtOnce() throws {
        let shelf = ParkedShares(maxBytes: 10_000, maxPerAddress: 2)
        _ = try shelf.park(Self.photo("/u/1", address: "192.0.2.1"), browser: "b1")
        _ = try shelf.park(Self.photo("/u/2", address: "192.0.2.1"), browser: "b2")
        #expect(throws: ParkedShares.Refusal.tooManyFromAddress) { try shelf.park(Self.photo("/u/3", address: "192.0.2.1"), browser: "b3") }
        // A browser already holding one replaces it rather than adding a third.
        #expect(try shelf.park(Self.photo("/u/2b", address: "192.0.2.1"), browser: "b2") == ["/u/2"])
        // Another address is not held back by this one.
        _ = try shelf.park(Self.photo("/u/4", address: "198.51.100.7"), browser: "b4")
        // Expired photos free their address's room.
        _ = try shelf.park(Self.photo("/u/5", address: "192.0.2.1", at: 3600), browser: "b5")
        #expect(shelf.count == 1, "the three older ones expired, the new one is parked")
    }

    @Test func everythingParkedTogetherStaysWithinItsBytesAndCount() throws {
        let shelf = ParkedShares(maxCount: 3, maxBytes: 1000, maxPerAddress: 100)
        _ = try shelf.park(Self.photo("/u/1", bytes: 600), browser: "b1")
        #expect(throws: ParkedShares.Refusal.full) { try shelf.park(Self.photo("/u/2", bytes: 401), browser: "b2") }
        _ = try shelf.park(Self.photo("/u/2", bytes: 400), browser: "b2")
        // The same browser's new photo counts instead of its old one.
        #expect(try shelf.park(Self.photo("/u/2b", bytes: 400), browser: "b2") == ["/u/2"])
        let count = ParkedShares(maxCount: 2, maxBytes: 1000, maxPerAddress: 100)
        _ = try count.park(Self.photo("/u/a", bytes: 1), browser: "b1")
        _ = try count.park(Self.photo("/u/b", bytes: 1), browser: "b2")
        #expect(throws: ParkedShares.Refusal.full) { try count.park(Self.photo("/u/c", bytes: 1), browser: "b3") }
        #expect(count.count == 2)
    }
}
