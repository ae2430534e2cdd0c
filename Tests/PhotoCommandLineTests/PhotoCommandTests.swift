import Foundation
import ImageTestKit
import PhotoPipeline
import PhotoTestKit
import Testing

@testable import PhotoCommandLine

@Suite struct PhotoCommandTests {
    /// A scratch directory removed when the test ends.
    private final class Scratch {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("photo-cmd-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        func write(_ bytes: [UInt8], _ name: String) throws -> String {
            try Data(bytes).write(to: url.appendingPathComponent(name))
            return path(name)
        }
    }

    private func photoWithGPS() throws -> [UInt8] {
        var exif = EXIFBuilder()
        exif.orientation = 6
        exif.latitude = .init(reference: "S", degrees: 33.5)
        exif.longitude = .init(reference: "W", degrees: 70.25)
        let jpeg = try JPEGEncoder.encode(TestImages.photoLike(width: 300, height: 200), quality: 92)
        return JPEGTestTools.insertingAfterSOI(exif.app1Segment(), into: jpeg)
    }

    @Test func processWritesTheJPEGAndPrintsOneJSONLine() throws {
        let scratch = try Scratch()
        let input = try scratch.write(photoWithGPS(), "in.jpg")
        let output = scratch.path("out.jpg")
        let outcome = PhotoCommand.execute(arguments: ["process", input, output, "--box", "100", "--quality=80"])
        #expect(outcome.status == 0)
        #expect(outcome.error == nil)
        let line = try #require(outcome.output)
        #expect(!line.contains("\n"))
        #expect(line.hasPrefix("{\"width\":67,\"height\":100,\"bytes\":"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(json["quality"] as? Int == 80)
        #expect(json["orientation"] as? Int == 6)
        let gps = try #require(json["gps"] as? [String: Double])
        #expect(abs(gps["lat"]! - -33.5) < 1e-6 && abs(gps["lng"]! - -70.25) < 1e-6)
        // The expected cell comes from the h3 4.5.0 Python package: h3.latlng_to_cell(-33.5, -70.25, 10).
        #expect(json["h3"] as? String == "8ab2c5042037fff")
        let written = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(json["bytes"] as? Int == written.count)
        #expect(written.starts(with: [0xFF, 0xD8]))
    }

    /// A PNG goes through the same command: upright (orientation 6 from eXIf) and with
    /// the GPS it was written with.
    @Test func aPNGIsProcessedToo() throws {
        let scratch = try Scratch()
        let input = try scratch.write(PNGFixtures.bytes("exif-gps-orientation6"), "in.png")
        let output = scratch.path("out.jpg")
        let outcome = PhotoCommand.execute(arguments: ["process", input, output])
        #expect(outcome.status == 0, "\(outcome)")
        let line = try #require(outcome.output)
        #expect(line.hasPrefix("{\"width\":200,\"height\":300,\"bytes\":"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let gps = try #require(json["gps"] as? [String: Double])
        #expect(abs(gps["lat"]! - PNGFixtures.gps.latitude) < 1e-6 && abs(gps["lng"]! - PNGFixtures.gps.longitude) < 1e-6)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)).starts(with: [0xFF, 0xD8, 0xFF]))
    }

    @Test func aPhotoWithoutGPSReportsNull() throws {
        let scratch = try Scratch()
        let input = try scratch.write(JPEGEncoder.encode(TestImages.photoLike(width: 40, height: 30), quality: 90), "in.jpg")
        let outcome = PhotoCommand.execute(arguments: ["process", input, scratch.path("out.jpg")])
        #expect(outcome.output?.hasSuffix("\"gps\":null,\"h3\":null}") == true)
    }

    @Test func badImageDataExits65WithOneLineAndNoOutputFile() throws {
        let scratch = try Scratch()
        // A 1 × 1 GIF screen descriptor followed by no valid record: a damaged GIF.
        let input = try scratch.write(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0] + Array("not really".utf8), "in.jpg")
        let output = scratch.path("out.jpg")
        let outcome = PhotoCommand.execute(arguments: ["process", input, output])
        #expect(outcome.status == 65)
        #expect(outcome.output == nil)
        let message = try #require(outcome.error)
        #expect(message.contains("GIF") && !message.contains("\n"))
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["in.jpg"])
    }

    @Test func aMissingInputExits66() throws {
        let scratch = try Scratch()
        let outcome = PhotoCommand.execute(arguments: ["process", scratch.path("none.jpg"), scratch.path("out.jpg")])
        #expect(outcome.status == 66)
        #expect(outcome.error?.contains("none.jpg") == true)
    }

    @Test func anUnwritableOutputExits73() throws {
        let scratch = try Scratch()
        let input = try scratch.write(JPEGEncoder.encode(TestImages.photoLike(width: 20, height: 20), quality: 90), "in.jpg")
        let outcome = PhotoCommand.execute(arguments: ["process", input, scratch.path("no-such-dir/out.jpg")])
        #expect(outcome.status == 73)
    }

    @Test(arguments: [
        [], ["process"], ["process", "a.jpg"], ["process", "a", "b", "c"], ["process", "a", "b", "--box"],
        ["process", "a", "b", "--box", "0"], ["process", "a", "b", "--quality", "101"], ["process", "a", "b", "--wat", "1"],
        ["frobnicate"],
    ])
    func usageMistakesExit64(arguments: [String]) {
        let outcome = PhotoCommand.execute(arguments: arguments)
        #expect(outcome.status == 64)
        #expect(outcome.error?.contains("usage:") == true)
    }

    @Test func helpIsPrintedWithStatusZero() {
        for arguments in [["--help"], ["process", "--help"]] {
            let outcome = PhotoCommand.execute(arguments: arguments)
            #expect(outcome.status == 0)
            #expect(outcome.output?.contains("--max-bytes") == true)
        }
    }

    /// A decompression bomb exits 65 (bad data) with the budget message and writes nothing.
    @Test func aFileAboveTheDecodeBudgetIsRefusedWithoutOutput() throws {
        let scratch = try Scratch()
        let input = try scratch.write(FlatJPEG.make(width: 10_000, height: 10_000, layout: .cmyk, coding: .progressive), "bomb.jpg")
        let output = scratch.path("out.jpg")
        let outcome = PhotoCommand.execute(arguments: ["process", input, output])
        #expect(outcome.status == 65)
        #expect(outcome.error?.contains("MB to decode; the limit is 256 MB") == true)
        #expect(!FileManager.default.fileExists(atPath: output))
        // The flag sets the budget: an ordinary photo passes by default, not under 1 MB.
        let photo = try scratch.write(photoWithGPS(), "in.jpg")
        #expect(PhotoCommand.execute(arguments: ["process", photo, output]).status == 0)
        let strict = PhotoCommand.execute(arguments: ["process", photo, scratch.path("strict.jpg"), "--max-decode-bytes", "1000000"])
        #expect(strict.status == 65)
        #expect(strict.error?.contains("the limit is 1 MB") == true)
    }

    @Test func flagsSetTheProcessingOptions() throws {
        let parsed = try PhotoProcessArguments(parsing: [
            "--max-bytes", "1000", "in", "--box=300", "--quality", "30", "out", "--max-pixels", "5000", "--max-decode-bytes", "99000000",
        ])
        #expect(parsed.options.maxDecodeBytes == 99_000_000)
        #expect(parsed.inputPath == "in" && parsed.outputPath == "out")
        #expect(parsed.options.byteBudget == 1000 && parsed.options.boxSize == 300 && parsed.options.maxPixels == 5000)
        #expect(parsed.options.initialQuality == 30 && parsed.options.minimumQuality == 30)
    }
}
