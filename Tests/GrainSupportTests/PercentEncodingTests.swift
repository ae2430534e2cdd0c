import Testing

@testable import GrainSupport

@Suite struct PercentEncodingTests {
    @Test(arguments: [
        ("", ""),
        ("AZaz09-._~", "AZaz09-._~"),
        ("did:plc:abc", "did%3Aplc%3Aabc"),
        ("a@b c/d?e&f=g", "a%40b%20c%2Fd%3Fe%26f%3Dg"),
        ("100%", "100%25"),
        ("Tomás 🙂", "Tom%C3%A1s%20%F0%9F%99%82"),
        ("\u{0}\n\u{7F}", "%00%0A%7F"),
    ])
    func componentsKeepOnlyUnreservedCharacters(input: String, expected: String) {
        #expect(PercentEncoding.encodeComponent(input) == expected)
        #expect(PercentEncoding.decode(expected, plusIsSpace: false) == input)
    }

    @Test(arguments: [
        ("did:plc:hbrpoigf3cbfnobm2o4rak3v", "did:plc:hbrpoigf3cbfnobm2o4rak3v"),
        ("maya@home:8080", "maya@home:8080"),
        ("a/b c%3A", "a%2Fb%20c%253A"),
        ("é:", "%C3%A9:"),
    ])
    func pathSegmentsAlsoKeepColonAndAt(input: String, expected: String) {
        #expect(PercentEncoding.encodePathSegment(input) == expected)
        #expect(PercentEncoding.decode(expected, plusIsSpace: false) == input)
    }

    @Test func everyByteRoundTrips() {
        let text = String(decoding: (1...0x7F).map { UInt8($0) }, as: UTF8.self) + "ÿ€𝄞"
        for encoded in [PercentEncoding.encodeComponent(text), PercentEncoding.encodePathSegment(text)] {
            #expect(encoded.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F })
            #expect(PercentEncoding.decode(encoded, plusIsSpace: false) == text)
        }
    }
}
