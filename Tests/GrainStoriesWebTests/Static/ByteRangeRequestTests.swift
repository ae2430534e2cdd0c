import Testing

@testable import GrainStoriesWeb

/// `Range` and `If-Range` as RFC 9110 §14 reads them, for a 1000-byte file.
@Suite struct ByteRangeRequestTests {
    private static let etag = "\"abc\""

    private func decide(_ range: String?, ifRange: String? = nil, size: Int = 1000) -> ByteRangeRequest {
        ByteRangeRequest(range: range, ifRange: ifRange, etag: Self.etag, size: size)
    }

    @Test(arguments: [
        ("bytes=0-0", 0, 1), ("bytes=0-999", 0, 1000), ("bytes=10-99", 10, 90), ("bytes=500-", 500, 500),
        ("bytes=990-5000", 990, 10), ("bytes=-10", 990, 10), ("bytes=-5000", 0, 1000), ("BYTES=7-7 ", 7, 1),
        ("bytes=999-", 999, 1),
    ])
    func aSingleRangeIsServed(header: String, offset: Int, length: Int) {
        #expect(decide(header) == .partial(offset: offset, length: length))
    }

    @Test(arguments: ["bytes=1000-", "bytes=1000-1001", "bytes=-0", "bytes=5000-6000"])
    func aRangeStartingPastTheEndIsUnsatisfiable(header: String) {
        #expect(decide(header) == .unsatisfiable)
    }

    @Test func anEmptyFileHasNoRangeToGive() {
        #expect(decide("bytes=0-", size: 0) == .unsatisfiable)
        #expect(decide("bytes=-5", size: 0) == .unsatisfiable)
    }

    /// Several ranges, other units and malformed headers get the whole file.
    @Test(arguments: [
        "bytes=0-1,5-6", "bytes=0-1, 3-", "items=0-5", "bytes=", "bytes=-", "bytes=a-b", "bytes=5-2", "bytes=1-2-3",
        "bytes=+1-2", "bytes=0x10-", "0-5", "bytes=99999999999999999999-",
    ])
    func otherRangeHeadersGetTheWholeFile(header: String) {
        #expect(decide(header) == .whole)
    }

    @Test func noRangeIsTheWholeFile() {
        #expect(decide(nil) == .whole)
        #expect(decide(nil, ifRange: Self.etag) == .whole)
    }

    @Test func ifRangeMustBeExactlyTheCurrentEntityTag() {
        #expect(decide("bytes=0-9", ifRange: Self.etag) == .partial(offset: 0, length: 10))
        #expect(decide("bytes=0-9", ifRange: " \(Self.etag) ") == .partial(offset: 0, length: 10))
        for stale in ["\"other\"", "W/\(Self.etag)", "Tue, 01 Dec 2026 10:00:00 GMT", ""] {
            #expect(decide("bytes=0-9", ifRange: stale) == .whole, "\(stale)")
        }
    }
}
