import Foundation
import ImageTestKit
import PhotoTestKit
import TestKit
import Testing

@testable import PhotoPipeline

/// `processFile` never holds a JPEG file whole: the header is walked through a 64 KB
/// window and libjpeg decodes from the descriptor a chunk at a time (`JPEGRowDecoder`),
/// its rows going straight into the resampler. It must make exactly the JPEG the
/// in-memory path makes, refuse the same damage, and count only the chunk in its memory
/// estimate.
@Suite struct StreamedJPEGTests {
    static func write(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID().uuidString).jpg").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A high-detail JPEG (noise at quality 95) of about 1.8 MB: many chunks of the file.
    static func largeNoiseJPEG() throws -> [UInt8] {
        try JPEGEncoder.encode(TestImages.noise(width: 1200, height: 900), quality: 95, subsampling: .s444, progressive: false)
    }

    /// The same JPEG from the file and from memory, for files that exercise the window:
    /// an ICC profile in segments across window boundaries, EXIF orientation, progressive,
    /// CMYK, grey, stray bytes between segments, and a file that is mostly entropy data.
    @Test func aJPEGFileBecomesTheSameJPEGAsFromMemory() throws {
        let profile = JPEGTestTools.fakeICCProfile(size: 150_000)
        var exif = EXIFBuilder()
        exif.orientation = 6
        var cases: [(String, [UInt8])] = [
            ("photo-like", try Fixtures.jpeg(width: 900, height: 600)),
            ("icc across windows", try Fixtures.jpeg(width: 300, height: 200, segments: JPEGTestTools.iccSegments(profile: profile, chunkSize: 60_000))),
            ("exif orientation 6", try Fixtures.jpeg(width: 300, height: 200, segments: exif.app1Segment())),
            ("progressive", try Fixtures.jpeg(width: 640, height: 480, progressive: true)),
            ("cmyk", try Fixtures.resource("cmyk-quadrants.jpg")),
            ("icc-esrgb", try Fixtures.resource("icc-esrgb.jpg")),
            ("flat grey", FlatJPEG.make(width: 700, height: 500, layout: .grayscale, coding: .baseline)),
            ("noise", try Self.largeNoiseJPEG()),
        ]
        let photo = try Fixtures.jpeg(width: 300, height: 200)
        cases.append(("stray bytes before a marker", Array(photo[0..<2]) + [0x12, 0x34] + Array(photo[2...])))
        for (name, bytes) in cases {
            let path = try Self.write(bytes)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let processor = PhotoProcessor(options: Fixtures.options(box: 400))
            let fromFile = try processor.processFile(atPath: path)
            let fromMemory = try processor.process(bytes)
            #expect(fromFile.jpeg == fromMemory.jpeg, "\(name)")
            #expect(fromFile.metadata == fromMemory.metadata && fromFile.appliedOrientation == fromMemory.appliedOrientation, "\(name)")
            let file = try InputFile(path: path, limit: .max)
            #expect(try JPEGInspector.inspect(file: file) == JPEGInspector.inspect(bytes), "\(name)")
        }
    }

    /// libjpeg reads the file through `pread` a chunk at a time: never more than
    /// `chunkBytes` at once, the file's bytes in many reads, and the pixels exactly those
    /// TurboJPEG decodes from the whole file in memory.
    @Test func theDecoderReadsTheFileInBoundedChunks() throws {
        let bytes = try Self.largeNoiseJPEG()
        #expect(bytes.count > 20 * JPEGRowDecoder.chunkBytes)
        let path = try Self.write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try InputFile(path: path, limit: .max)
        let header = try JPEGInspector.inspect(file: file)
        var pixels: [UInt8] = []
        let reading = try JPEGRowDecoder.decode(
            .file(descriptor: file.descriptor), header: header, scale: (1, 1), width: header.width, height: header.height
        ) { row in pixels.append(contentsOf: UnsafeBufferPointer(start: row, count: header.width * 3)) }
        #expect(reading.largestRead == JPEGRowDecoder.chunkBytes)
        #expect(reading.reads >= bytes.count / JPEGRowDecoder.chunkBytes)
        #expect(reading.bytesRead == bytes.count)
        #expect(pixels == (try JPEGDecoder.decode(bytes)).pixels)
    }

    /// The admission counts the chunk, not the file: a budget below what the file's bytes
    /// in memory would add is still enough for the file on disk, and `processFile` decodes
    /// it, while the same bytes handed over in memory are refused.
    @Test func aFileLargerThanTheBudgetAllowsInMemoryStillDecodesFromDisk() throws {
        let bytes = try Self.largeNoiseJPEG()
        let path = try Self.write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fromDisk = try PhotoProcessor(options: PhotoProcessingOptions(maxDecodeBytes: .max)).memoryEstimateOfFile(atPath: path)
        #expect(fromDisk.inputBytes == JPEGRowDecoder.chunkBytes)
        let tight = PhotoProcessor(options: PhotoProcessingOptions(maxDecodeBytes: fromDisk.peakBytes))
        #expect(throws: PhotoProcessingError.self) { try tight.process(bytes) }
        #expect(try tight.processFile(atPath: path).width == 1200)
    }

    /// Damage is refused the same way from the file as from memory: cut short (in the
    /// header or in the image data) and image data that stops early.
    @Test func damagedFilesAreRefusedAsFromMemory() throws {
        let photo = try Fixtures.jpeg(width: 640, height: 480)
        // An end-of-image marker in the middle of the image data: libjpeg warns "premature
        // end of data segment" and would fill the rest grey.
        var broken = photo
        broken.replaceSubrange((broken.count / 2)..<(broken.count / 2 + 2), with: [0xFF, 0xD9])
        let cases: [(String, [UInt8])] = [
            ("cut in the image data", Array(photo[0..<(photo.count / 2)])),
            ("cut in the header", Array(photo[0..<40])),
            ("no end marker", Array(photo.dropLast(2))),
            ("an end marker inside the image data", broken),
        ]
        for (name, bytes) in cases {
            let path = try Self.write(bytes)
            defer { try? FileManager.default.removeItem(atPath: path) }
            var fromFile: PhotoProcessingError?
            var fromMemory: PhotoProcessingError?
            do { _ = try PhotoProcessor().processFile(atPath: path) } catch { fromFile = error }
            do { _ = try PhotoProcessor().process(bytes) } catch { fromMemory = error }
            #expect(fromFile != nil, "\(name) is refused")
            #expect(fromFile == fromMemory, "\(name)")
        }
    }
}
