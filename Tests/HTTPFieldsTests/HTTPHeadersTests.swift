import HTTPFields
import Testing

@Suite struct HTTPHeadersTests {
    @Test func lookupIgnoresASCIICaseAndReturnsTheFirstValue() {
        let headers: HTTPHeaders = [("Set-Cookie", "a=1"), ("content-type", "text/html"), ("SET-COOKIE", "b=2")]
        #expect(headers["Content-Type"] == "text/html")
        #expect(headers["set-cookie"] == "a=1")
        #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        #expect(headers["X-Missing"] == nil)
        #expect(!headers.contains("X-Missing"))
        #expect(headers.count == 3)
    }

    @Test func onlyASCIILettersFoldCase() {
        // "K" (U+212A KELVIN SIGN) lowercases to "k" in Unicode, but not in HTTP.
        let headers: HTTPHeaders = [("X-\u{212A}ey", "unicode"), ("X-Under_Score", "u")]
        #expect(headers["X-key"] == nil)
        #expect(headers["x-\u{212A}EY"] == "unicode")
        #expect(headers["X-Under-Score"] == nil)
        #expect(!HTTPHeaders.namesMatch("ab", "abc"))
        #expect(!HTTPHeaders.namesMatch("[", "{"))  // 0x5B | 0x20 = 0x7B, but "[" is no letter
    }

    @Test func addKeepsSetReplacesAndRemoveDropsEveryCase() {
        var headers = HTTPHeaders([("Vary", "Accept"), ("X-A", "1")])
        headers.add("vary", "Cookie")
        #expect(headers.values(for: "Vary") == ["Accept", "Cookie"])
        headers.set("VARY", "Accept-Encoding")
        #expect(headers.values(for: "Vary") == ["Accept-Encoding"])
        #expect(headers.fields.map(\.name) == ["X-A", "VARY"])
        headers.remove("x-a")
        #expect(headers.fields.map(\.name) == ["VARY"])
    }

    @Test func equalityIsOrderAndCaseSensitive() {
        let one: HTTPHeaders = [("A", "1"), ("B", "2")]
        #expect(one == HTTPHeaders([("A", "1"), ("B", "2")]))
        #expect(one != HTTPHeaders([("B", "2"), ("A", "1")]))
        #expect(one != HTTPHeaders([("a", "1"), ("B", "2")]))
        #expect(one != HTTPHeaders([("A", "1")]))
        let dictionary: HTTPHeaders = ["A": "1"]
        #expect(Array(dictionary).map(\.value) == ["1"])
    }
}
