import Foundation
import H3Index
import PlainJSON
import Testing

@testable import PhotoModel

/// `WorkerJSON` carries the options to the photo tool and its answer back. It must give
/// back every value it wrote, read what Foundation's `JSONEncoder` writes for the same
/// types (the format synthesized `Codable` implies), and refuse malformed text.
@Suite struct WorkerJSONTests {
    static let errors: [PhotoProcessingError] = [
        .unsupportedFormat(format: "MP4 video"), .tooManyPixels(width: 28192, height: 29807, limit: 100_000_000),
        .imageTooLarge(format: "PNG"), .headerMismatch(format: "HEIC", detail: "ispe says 64 × 64, the SPS 12000 × 12000"),
        .tooComplex(format: "AVIF", detail: "4625 items, more than 1024"),
        .tookTooLong(format: "PNG", detail: "30 s"), .needsTooMuchMemory(estimatedBytes: Int.max, limit: 256 << 20),
        .inputTooLarge(bytes: 1 << 40, limit: 200_000_000), .truncated, .corrupt("quote \" backslash \\ tab \t nul \u{0} é 👍"),
        .damaged(format: "photo", detail: "signal 9"), .unsupported("12-bit"), .budgetUnreachable(budget: 1000),
        .unreadable(path: "/tmp/ä b", reason: "No such file"), .invalidOptions("boxSize"), .encodingFailed("tjCompress2"),
    ]

    static let results: [PhotoWorkerResult] =
        [
            .estimate(MemoryEstimate(inputBytes: 65536, decoderBytes: 4_203_520, decodedBytes: 1152, laterStagesBytes: 4_214_528)),
            .photo(
                width: 2000, height: 1500, quality: 92, appliedOrientation: 6,
                metadata: PhotoMetadata(
                    gps: GPSCoordinate(latitude: -33.5, longitude: -70.25), dateTimeOriginal: "2026:12:04 15:20:00", orientation: 6,
                    make: "Apple", model: "iPhone 15", hasICCProfile: true)),
            .photo(width: 1, height: 1, quality: 1, appliedOrientation: 1, metadata: PhotoMetadata(gps: nil, orientation: 1)),
        ] + errors.map { .refused($0) }

    @Test func everyResultComesBackAsItWasWritten() throws {
        for result in Self.results {
            let text = try WorkerJSON.encode(result)
            #expect(try WorkerJSON.decode(PhotoWorkerResult.self, from: text) == result, "\(String(decoding: text, as: UTF8.self))")
        }
    }

    @Test func optionsComeBackWithTheirDuration() throws {
        let options = PhotoProcessingOptions(
            maxPixels: 5000, boxSize: 300, byteBudget: 1000, initialQuality: 30, minimumQuality: 20, maxInputBytes: 7,
            maxDecodeBytes: 99_000_000, decodeTimeLimit: .milliseconds(1500) + .nanoseconds(3))
        #expect(try WorkerJSON.decode(PhotoProcessingOptions.self, from: WorkerJSON.encode(options)) == options)
    }

    /// The same values written by Foundation read back the same, and what WorkerJSON writes
    /// Foundation reads: one format, the one synthesized `Codable` implies.
    @Test func foundationAndWorkerJSONReadEachOther() throws {
        for result in Self.results {
            let foundation = Array(try JSONEncoder().encode(result))
            #expect(try WorkerJSON.decode(PhotoWorkerResult.self, from: foundation) == result)
            #expect(try JSONDecoder().decode(PhotoWorkerResult.self, from: Data(WorkerJSON.encode(result))) == result)
        }
        let options = PhotoProcessingOptions(decodeTimeLimit: .seconds(7))
        #expect(try WorkerJSON.decode(PhotoProcessingOptions.self, from: Array(JSONEncoder().encode(options))) == options)
    }

    @Test func textIsReadWithItsEscapesAndSpaces() throws {
        let text = #" { "refused" : { "_0" : { "corrupt" : { "_0" : "a\"b\\c\/d\u00e9\ud83d\udc4d\n" } } } } "#
        #expect(try WorkerJSON.decode(PhotoWorkerResult.self, from: Array(text.utf8)) == .refused(.corrupt("a\"b\\c/dé👍\n")))
    }

    /// Well-formed JSON that is not the type asked for: wrong kinds, missing members,
    /// numbers that do not fit.
    @Test(arguments: [
        "{}", "{\"estimate\":{\"inputBytes\":1}}", "{\"estimate\":{\"inputBytes\":\"1\",\"decoderBytes\":1,\"decodedBytes\":1,\"laterStagesBytes\":1}}",
        "{\"estimate\":{\"inputBytes\":1.5,\"decoderBytes\":1,\"decodedBytes\":1,\"laterStagesBytes\":1}}",
        "{\"estimate\":{\"inputBytes\":99999999999999999999,\"decoderBytes\":1,\"decodedBytes\":1,\"laterStagesBytes\":1}}",
        "{\"refused\":{\"_0\":{\"corrupt\":{\"_0\":7}}}}", "[]", "null",
    ])
    func theWrongShapeIsRefused(text: String) {
        #expect(throws: WorkerJSON.Failure.self) { _ = try WorkerJSON.decode(PhotoWorkerResult.self, from: Array(text.utf8)) }
    }
}
