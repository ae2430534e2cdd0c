import Testing

@testable import PlainJSON

/// The JSON reader and writer behind `WorkerJSON` (and the geocoder's `JSONNode`s): RFC
/// 8259's grammar with a nesting limit, and nothing written that JSON cannot say. The
/// round trips through `Codable` are in PhotoModelTests, with the types they carry.
@Suite struct JSONNodeParserTests {
    @Test(arguments: [
        "", "{", "{\"refused\":", "{\"a\":{}} x", "{\"a\":{},}", "[1,]", "01", "-", "1.", "1e",
        "\"\\x\"", "\"\\u12G4\"", "\"\\ud83d\"", "\"\\udc4d\"", "\"a\u{1}b\"", "tru", "nul", "{\"a\" 1}", "{1:2}",
        String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
    ])
    func malformedTextIsRefused(text: String) {
        #expect(throws: WorkerJSON.Failure.self) { _ = try JSONNodeParser.parse(Array(text.utf8)) }
    }

    @Test func wellFormedTextIsRead() throws {
        #expect(
            try JSONNodeParser.parse(Array(" [0, -0.5e+3, 12E2, true, false, null, {}, []] ".utf8))
                == .array([.number("0"), .number("-0.5e+3"), .number("12E2"), .bool(true), .bool(false), .null, .object([]), .array([])]))
        let nested = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect(throws: Never.self) { _ = try JSONNodeParser.parse(Array(nested.utf8)) }
    }

    @Test func aNumberWithoutAJSONFormIsRefused() {
        #expect(throws: WorkerJSON.Failure.self) { _ = try WorkerJSON.encode([Double.nan]) }
        #expect(throws: WorkerJSON.Failure.self) { _ = try WorkerJSON.encode([Double.infinity]) }
    }
}
