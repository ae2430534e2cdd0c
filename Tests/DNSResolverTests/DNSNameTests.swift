import DNSResolver
import Testing

@Suite struct DNSNameTests {
    @Test func validNamesAreLowercasedAndLoseOneTrailingDot() throws {
        #expect(try DNSName.validated("_atproto.Alice.Example.COM.") == "_atproto.alice.example.com")
        #expect(try DNSName.validated("xn--bcher-kva.test") == "xn--bcher-kva.test")
    }

    @Test func limitsAreInclusive() throws {
        let label = String(repeating: "a", count: 63)
        #expect(try DNSName.validated("\(label).test") == "\(label).test")
        let longest = [String](repeating: String(repeating: "b", count: 49), count: 5).joined(separator: ".") + ".abc"
        #expect(longest.utf8.count == 253)
        #expect(try DNSName.validated(longest) == longest)
    }

    @Test func badNamesAreRefusedWithAReason() {
        let bad = [
            "", ".", "a..b", ".a", "a.b..", String(repeating: "a", count: 64) + ".test",
            [String](repeating: String(repeating: "c", count: 50), count: 5).joined(separator: ".") + ".abcd",
            "a b.test", "a\\.b.test", "a\u{0}b.test", "bücher.test", "a/b.test", "a@b.test",
        ]
        for name in bad {
            #expect(throws: DNSError.self, "\(name)") { try DNSName.validated(name) }
        }
    }
}
