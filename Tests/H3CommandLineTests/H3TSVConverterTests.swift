import Testing

@testable import H3CommandLine

/// The line parsing and formatting behind `grain-stories h3 cell --tsv`.
@Suite struct H3TSVConverterTests {
    /// Runs the converter over `input` split into blocks of `blockSize` bytes.
    static func convert(_ input: String, blockSize: Int = 1 << 20) -> (output: String, error: H3TSVError?) {
        var converter = H3TSVConverter()
        var output: [UInt8] = []
        let bytes = Array(input.utf8)
        do {
            var start = 0
            while start < bytes.count {
                let end = min(start + blockSize, bytes.count)
                let outcome = bytes[start..<end].withUnsafeBytes { block in
                    Result { () throws(H3TSVError) in try converter.consume(block, into: &output) }
                }
                try outcome.get()
                start = end
            }
            try converter.finish(into: &output)
            return (String(decoding: output, as: UTF8.self), nil)
        } catch {
            return (String(decoding: output, as: UTF8.self), error)
        }
    }

    @Test func linesGetTheirCellAppendedWithFieldsEchoedVerbatim() {
        let result = Self.convert("20\t123\t2\n+45.523203237392046\t-122.68107056203357\t10\n-0\t1e2\t0\n")
        #expect(result.error == nil)
        #expect(
            result.output == """
                20\t123\t2\t824b9ffffffffff
                +45.523203237392046\t-122.68107056203357\t10\t8a28f0004a77fff
                -0\t1e2\t0\t8065fffffffffff

                """)
    }

    @Test func headerLineIsPassedThroughWithCellColumn() {
        let result = Self.convert("lat\tlng\tres\n20\t123\t2\n")
        #expect(result.output == "lat\tlng\tres\tcell\n20\t123\t2\t824b9ffffffffff\n")
    }

    @Test func headerIsOnlyRecognisedOnTheFirstLine() {
        let result = Self.convert("20\t123\t2\nlat\tlng\tres\n")
        #expect(result.error == H3TSVError(line: 2, reason: "latitude 'lat' is not a number"))
    }

    @Test func carriageReturnsAndAMissingFinalNewlineAreAccepted() {
        let result = Self.convert("20\t123\t2\r\n20\t123\t2")
        #expect(result.error == nil)
        #expect(result.output == "20\t123\t2\t824b9ffffffffff\n20\t123\t2\t824b9ffffffffff\n")
    }

    @Test func blockBoundariesAnywhereGiveTheSameOutput() {
        let input = "lat\tlng\tres\n" + (0..<50).map { "\(Double($0) * 1.7 - 40)\t\(Double($0) * 7.1 - 170)\t\($0 % 16)\n" }.joined()
        let whole = Self.convert(input)
        #expect(whole.error == nil)
        for blockSize in [1, 2, 3, 7, 16, 100] {
            #expect(Self.convert(input, blockSize: blockSize).output == whole.output, "block size \(blockSize)")
        }
    }

    @Test(arguments: [
        ("20\t123\n", "expected 3 tab-separated fields: lat, lng, res"),
        ("20\t123\t2\t9\n", "expected 3 tab-separated fields: lat, lng, res"),
        ("\n", "expected 3 tab-separated fields: lat, lng, res"),
        ("20 123 2\n", "expected 3 tab-separated fields: lat, lng, res"),
        ("x\t123\t2\n", "latitude 'x' is not a number"),
        (" 20\t123\t2\n", "latitude ' 20' is not a number"),
        ("20\t\t2\n", "longitude '' is not a number"),
        ("20\t123\t2.5\n", "resolution '2.5' is not an integer"),
        ("20\t123\t\n", "resolution '' is not an integer"),
        ("20\t123\t16\n", "H3 resolution must be between 0 and 15, got 16"),
        ("20\t123\t-1\n", "H3 resolution must be between 0 and 15, got -1"),
        ("nan\t123\t2\n", "latitude and longitude must be finite numbers"),
        ("20\tinf\t2\n", "latitude and longitude must be finite numbers"),
    ])
    func malformedLineStopsWithItsLineNumber(line: String, reason: String) {
        let result = Self.convert("lat\tlng\tres\n1\t2\t3\n" + line + "4\t5\t6\n")
        #expect(result.error == H3TSVError(line: 3, reason: reason))
        #expect(result.error?.description == "line 3: \(reason)")
        // Lines before the bad one were converted; nothing after it was.
        #expect(result.output == "lat\tlng\tres\tcell\n1\t2\t3\t83756afffffffff\n")
    }

    @Test func longBadFieldsAreShortenedAndControlBytesMasked() {
        let field = String(repeating: "9", count: 30) + "\u{1B}" + String(repeating: "z", count: 30)
        let result = Self.convert("\(field)\t1\t1\n")
        #expect(result.error?.reason == "latitude '\(String(repeating: "9", count: 30))?zzzzzzzzz…' is not a number")
    }
}
