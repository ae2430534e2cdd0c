import GzipCompression
import Testing

@Suite struct GzipTests {
    @Test func compressedTextRoundTripsAndShrinks() throws {
        let text = Array(String(repeating: "story strip, gradient ring; ", count: 200).utf8)
        let packed = try Gzip.compress(text)
        #expect(packed.count < text.count / 5)
        #expect(packed.prefix(2) == [0x1f, 0x8b])
        #expect(try Gzip.decompress(packed) == text)
    }

    @Test func emptyInputRoundTrips() throws {
        #expect(try Gzip.decompress(try Gzip.compress([])) == [])
    }

    @Test func garbageIsATypedError() {
        #expect(throws: GzipError.self) { try Gzip.decompress([1, 2, 3, 4, 5, 6, 7, 8]) }
    }

    @Test func truncatedStreamIsATypedError() throws {
        let packed = try Gzip.compress(Array(repeating: 65, count: 10_000))
        #expect(throws: GzipError.self) { try Gzip.decompress(Array(packed.prefix(packed.count / 2))) }
    }

    @Test func expansionBeyondTheLimitIsRefused() throws {
        let packed = try Gzip.compress(Array(repeating: 0, count: 1_000_000))
        #expect(throws: GzipError.self) { try Gzip.decompress(packed, limit: 100_000) }
    }
}
