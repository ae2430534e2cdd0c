import Testing

@testable import H3CommandLine

/// `ASCIINumber` must agree exactly with `Double(String)` and `Int(String)`.
@Suite struct ASCIINumberTests {
    static func double(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBytes { ASCIINumber.double($0) }
    }

    static func int(_ text: String) -> Int? {
        Array(text.utf8).withUnsafeBytes { ASCIINumber.int($0) }
    }

    @Test func randomShortestRoundTripDoublesParseBackExactly() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: random.next())
            guard value.isFinite else { continue }
            let text = "\(value)"
            #expect(Self.double(text)?.bitPattern == value.bitPattern, "\(text)")
        }
    }

    @Test func randomDecimalTextsMatchDoubleOfString() {
        var random = SplitMix64(seed: 11)
        var fastPathHits = 0
        for _ in 0..<20_000 {
            let integerDigits = Int(random.next() % 5)
            let fractionDigits = Int(random.next() % 24)
            var text = random.next() % 2 == 0 ? "-" : ""
            text += (0..<integerDigits).map { _ in String(random.next() % 10) }.joined()
            if fractionDigits > 0 || integerDigits == 0 {
                text += "." + (0..<max(fractionDigits, 1)).map { _ in String(random.next() % 10) }.joined()
            }
            let expected = Double(text)
            let bytes = Array(text.utf8)
            if bytes.withUnsafeBytes({ ASCIINumber.exactDecimal($0) }) != nil {
                fastPathHits += 1
            }
            #expect(Self.double(text)?.bitPattern == expected?.bitPattern, "\(text)")
        }
        #expect(fastPathHits > 5_000)
    }

    @Test(arguments: [
        "", "-", "+", ".", "-.", "1.2.3", " 1", "1 ", "1,5", "0x1p3", "1e5", "1E-5", "nan", "inf",
        "-infinity", "12345678901234567890123", "0.00000000000000000000000001", "-0", "+0.5", ".5", "5.",
        "9007199254740993", "0.30000000000000004",
    ])
    func edgeCaseTextsAgreeWithDoubleOfString(text: String) {
        #expect(Self.double(text)?.bitPattern == Double(text)?.bitPattern)
    }

    @Test func integersParse() {
        #expect(Self.int("0") == 0)
        #expect(Self.int("15") == 15)
        #expect(Self.int("-1") == -1)
        #expect(Self.int("+7") == 7)
        #expect(Self.int("007") == 7)
        for bad in ["", "-", "+", "1.0", " 1", "1 ", "x", "1234567890", "٣"] {
            #expect(Self.int(bad) == nil, "\(bad)")
        }
    }
}
