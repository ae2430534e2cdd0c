import Foundation
import LoggingTestKit
import Synchronization
import Testing

@testable import GrainSupport

@Suite struct TimestampTests {
    @Test func formatsUTCWithMillisecondsAndZ() {
        #expect(Timestamp.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: 1_788_534_235.12)) == "2026-09-04T15:03:55.120Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00.000Z")
    }

    /// `write` (log lines) gives `format`'s bytes for every year of four digits, and
    /// declines the others, which `format` writes longer.
    @Test func writeGivesFormatsBytesForYearsOfFourDigits() {
        var dates = [-62_167_219_200.0, -62_167_219_199.999, 0, 951_782_400, 1_788_534_235.12, 253_402_300_799.999]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 { dates.append(Double(Int64.random(in: -62_167_219_200_000...253_402_300_799_999, using: &generator)) / 1000) }
        var buffer = [UInt8](repeating: 0, count: Timestamp.writtenCount)
        var differing: [String] = []
        for seconds in dates {
            let date = Date(timeIntervalSince1970: seconds)
            let written = buffer.withUnsafeMutableBufferPointer { Timestamp.write(date, to: $0.baseAddress!) }
            let text = String(decoding: buffer, as: UTF8.self)
            if !written || text != Timestamp.format(date) { differing.append("\(written ? text : "declined") for \(Timestamp.format(date))") }
        }
        #expect(differing.isEmpty, "\(differing.count) of \(dates.count) differ, first: \(differing.prefix(3))")
        for seconds in [-62_167_219_200.001, 253_402_300_800.0] {
            buffer = [UInt8](repeating: 0, count: Timestamp.writtenCount)
            #expect(!buffer.withUnsafeMutableBufferPointer { Timestamp.write(Date(timeIntervalSince1970: seconds), to: $0.baseAddress!) })
            #expect(buffer.allSatisfy { $0 == 0 }, "nothing written for \(Timestamp.format(Date(timeIntervalSince1970: seconds)))")
        }
    }

    @Test func parsesWhatRecordsCarry() throws {
        #expect(Timestamp.parse("2026-09-04T15:03:55.120Z")?.timeIntervalSince1970 == 1_788_534_235.12)
        #expect(Timestamp.parse("2026-09-04T15:03:55Z")?.timeIntervalSince1970 == 1_788_534_235)
        #expect(Timestamp.parse("2026-09-04T17:03:55.120+02:00")?.timeIntervalSince1970 == 1_788_534_235.12)
        let precise = try #require(Timestamp.parse("2026-09-04T15:03:55.123456Z"))
        #expect(abs(precise.timeIntervalSince1970 - 1_788_534_235.123456) < 1e-5)
    }

    @Test(arguments: [
        "", "yesterday", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-09-04 15:03:55Z",
        "2026-09-04T15:03:55", "2026-09-04T15:03:55.Z", "2026-09-04T25:00:00Z", "2026-09-04T15:03:55Zjunk",
    ])
    func refusesWhatIsNotADatetime(text: String) {
        #expect(Timestamp.parse(text) == nil)
    }

    @Test func roundTripsThroughFormat() throws {
        for seconds in stride(from: -86_400.0 * 400, to: 86_400.0 * 365 * 90, by: 86_400 * 37.3) {
            let date = Date(timeIntervalSince1970: (seconds * 1000).rounded() / 1000)
            let parsed = try #require(Timestamp.parse(Timestamp.format(date)))
            #expect(abs(parsed.timeIntervalSince1970 - date.timeIntervalSince1970) < 0.001)
        }
    }
}

@Suite struct LoggerTests {
    @Test func linesCarryLevelMessageAndMetadata() {
        let capture = LogCapture()
        let logger = capture.logger(level: .info)
        logger.info("request", ["method": "GET", "path": "/a b", "status": "200"])
        logger.debug("hidden")
        #expect(capture.lines.count == 1)
        #expect(capture.lines[0].hasSuffix(" info request method=GET path=\"/a b\" status=200"))
    }

    /// A whole line, exactly, whether nothing in it needs quoting (made in place) or
    /// something does, and with a time whose year has five digits (made piece by piece).
    @Test func wholeLinesAreExactOnEitherWayOfMakingThem() {
        let times: [(Date, String)] = [
            (Date(timeIntervalSince1970: 1_788_534_235.12), "2026-09-04T15:03:55.120Z"),
            (Date(timeIntervalSince1970: 253_402_300_800), "10000-01-01T00:00:00.000Z"),
        ]
        for (time, text) in times {
            let lines = Mutex<[String]>([])
            let logger = Logger(level: .info, now: { time }, sink: { line in lines.withLock { $0.append(line) } })
            logger.info("request", ["method": "GET", "status": "200", "ms": "0.05"])
            logger.info("request", ["path": "/a b", "status": "200"])
            logger.warning("the AppView could not be read", [:])
            #expect(
                lines.withLock { $0 } == [
                    "\(text) info request method=GET status=200 ms=0.05",
                    "\(text) info request path=\"/a b\" status=200",
                    "\(text) warning the AppView could not be read",
                ])
        }
    }

    @Test func hostileValuesCannotForgeLines() {
        let capture = LogCapture()
        capture.logger().info("evil\nmessage", ["path": "/x\ninfo forged=1", "quote": "a\"b"])
        let line = capture.lines[0]
        #expect(!line.contains("\n"))
        #expect(line.contains("evil\\nmessage"))
        #expect(line.contains("path=\"/x\\ninfo forged=1\""))
        #expect(line.contains("quote=\"a\\\"b\""))
    }

    /// Each value is written bare exactly when it needs neither quotes nor escapes,
    /// whatever characters it holds (the line is built from bytes).
    @Test func valuesAreBareOnlyWhenNothingNeedsQuoting() {
        let capture = LogCapture()
        let bare = ["GET", "/media/ab-CD_9/x~y", "Ünïcödé📷", "a'b", "1.25", "%2F"]
        let quoted = ["", "a b", "a=b", "a\"b", "a\\b", "tab\there", "del\u{7F}", "x\u{1}"]
        for value in bare + quoted { capture.logger().info("m", ["k": value]) }
        for (line, value) in zip(capture.lines, bare) {
            #expect(line.hasSuffix(" info m k=\(value)"), "\(value)")
        }
        for (line, value) in zip(capture.lines.dropFirst(bare.count), quoted) {
            let written = line[line.range(of: " k=")!.upperBound...]
            #expect(written.hasPrefix("\"") && written.hasSuffix("\""), "\(value) → \(written)")
            #expect(!written.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(value)")
        }
    }

    /// A quote or backslash that a combining mark joins into one `Character` is still
    /// escaped, so a value can never end its quotes early and forge a field.
    @Test func quotesAndBackslashesAreEscapedEvenWithACombiningMark() {
        let capture = LogCapture()
        capture.logger().info("m", ["k": "a\"\u{301} forged=1", "j": "b\\\u{301}"])
        let line = capture.lines[0]
        #expect(line.hasSuffix(#" info m k="a\"\#u{301} forged=1" j="b\\\#u{301}""#), "\(line)")
    }

    @Test func messagesWithControlCharactersAreEscapedAndOthersWrittenAsTheyAre() {
        let capture = LogCapture()
        capture.logger().info("plain message, Ünïcödé \"quoted\" a=b")
        capture.logger().info("bell\u{7}here")
        #expect(capture.lines[0].hasSuffix(" info plain message, Ünïcödé \"quoted\" a=b"))
        #expect(capture.lines[1].hasSuffix(" info bell\\u{7}here"))
    }

    @Test func secretsPrintRedacted() {
        let secret = Secret("hunter2-app-password")
        #expect("\(secret)" == "<redacted>")
        #expect(String(reflecting: secret) == "<redacted>")
        #expect(!String(describing: [secret]).contains("hunter2"))
    }
}
