import ATProtoTestKit
import Testing

@Suite struct JSONValueTests {
    @Test func integersAndFloatsStayDistinct() throws {
        #expect(try JSONValue(parsing: "1") == .integer(1))
        #expect(try JSONValue(parsing: "1.0") == .float(1.0))
        #expect(try JSONValue(parsing: "-2e3") == .float(-2000))
        #expect(try JSONValue(parsing: "9223372036854775807") == .integer(.max))
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        #expect(try JSONValue(parsing: #""\ud83d\udccd \u00e9\n\"\/""#) == .string("📍 é\n\"/"))
    }

    @Test func serializationRoundTripsWithSortedKeys() throws {
        let value: JSONValue = ["b": [1, "two", nil, true], "a": ["nested": "\u{1}\"\\"], "ü": .float(0.5)]
        #expect(try JSONValue(parsing: value.serialized) == value)
        #expect(value.text.hasPrefix(#"{"a":{"nested":"\u0001\"\\"},"b":"#))
    }

    @Test(arguments: [
        "", "[1,]", "{\"a\":1,}", "{\"a\":1,\"a\":2}", "\"\\ud83d\"", "\"\\udccd\"", "01", "1.", "-", "9223372036854775808",
        "[1] x", "\"tab\there\"", "nul", "{'a':1}", "\"\\x\"",
    ])
    func malformedDocumentsAreRejected(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test func invalidUTF8AndDeepNestingAreRejected() {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: [0x22, 0xC3, 0x28, 0x22]) }
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: deep) }
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: Never.self) { try JSONValue(parsing: fine) }
    }
}
