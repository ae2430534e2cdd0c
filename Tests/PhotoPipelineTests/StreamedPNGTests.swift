import Foundation
import ImageTestKit
import PNGDecoding
import PhotoPipeline
import TestKit
import Testing

/// `processFile` reads an opaque 8-bit PNG row by row (neither the file nor the full
/// picture stays in memory) and must make exactly the JPEG the in-memory path makes; PNGs
/// that need more than one row at a time (transparency, 16 bits, interlacing, a gamma to
/// correct) still go the in-memory way; damage found while streaming is refused as such.
@Suite struct StreamedPNGTests {
    static func write(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID().uuidString).png").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let streamable: [(String, [UInt8])] = [
        ("rgb8", PNGFixtures.bytes("rgb8")), ("grey", PNGFixtures.bytes("grey")), ("icc", PNGFixtures.bytes("icc")),
        ("exif-gps-orientation6", PNGFixtures.bytes("exif-gps-orientation6")),
    ]

    @Test(arguments: [120, 2000])
    func aStreamedPNGBecomesTheSameJPEGAsFromMemory(box: Int) throws {
        var cases = Self.streamable
        cases.append(("reference/photo.png", try Fixtures.resource("reference/photo.png")))
        cases.append(("reference/photo-exif6.png", try Fixtures.resource("reference/photo-exif6.png")))
        for (name, bytes) in cases {
            #expect(PNGRowStream.canStream(try PNGInspector.inspect(bytes)), "\(name) is read row by row")
            let path = try Self.write(bytes)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let processor = PhotoProcessor(options: Fixtures.options(box: box))
            let fromFile = try processor.processFile(atPath: path)
            let fromMemory = try processor.process(bytes)
            #expect(fromFile.jpeg == fromMemory.jpeg, "\(name), box \(box)")
            #expect(fromFile.metadata == fromMemory.metadata && fromFile.appliedOrientation == fromMemory.appliedOrientation)
        }
    }

    @Test func pngsThatNeedTheWholePictureAreNotStreamed() throws {
        for name in ["palette-transparent", "rgb16"] {
            #expect(!PNGRowStream.canStream(try PNGInspector.inspect(PNGFixtures.bytes(name))), "\(name)")
        }
        // The 8-bit RGB fixture with a gAMA of 1.0 (linear light): libpng corrects it to sRGB.
        let linear = Self.withChunk("gAMA", [0x00, 0x01, 0x86, 0xA0], afterIHDRof: PNGFixtures.bytes("rgb8"))
        let header = try PNGInspector.inspect(linear)
        #expect(header.gamma == 100_000)
        #expect(!PNGRowStream.canStream(header))
        let path = try Self.write(linear)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try PhotoProcessor().processFile(atPath: path).jpeg == (try PhotoProcessor().process(linear)).jpeg)
    }

    @Test func damageFoundWhileStreamingIsRefusedAsDamaged() throws {
        let bytes = PNGFixtures.bytes("corrupt-idat")
        #expect(PNGRowStream.canStream(try PNGInspector.inspect(bytes)), "its chunks are whole: only inflating finds the damage")
        let path = try Self.write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            try PhotoProcessor().processFile(atPath: path)
        } throws: { error in
            guard case .damaged(format: "PNG", _) = error as? PhotoProcessingError else { return false }
            return true
        }
    }

    /// The row reader inflates the image data once (the in-memory path counts it first) and
    /// checks its end itself: a stream that goes on for more than 64 KB after the last row
    /// is refused even when it inflates to nothing more (the bound that keeps a bomb there
    /// cheap), a short tail of empty blocks and bytes after the stream's end are not, and a
    /// wrong Adler-32 is damage.
    @Test func theRowReaderChecksWhereTheImageDataEnds() throws {
        // 600 × 600: large enough that the inspector's bound on the amount of image data
        // (the picture, an eighth more, and 64 KB) lets these tails through to the reader.
        let rows = PNGBuilder.greyRows(width: 600, height: 600)
        func streamed(_ idat: [UInt8]) throws -> Result<ProcessedPhoto, PhotoProcessingError> {
            let path = try Self.write(PNGBuilder.png(width: 600, height: 600, idat: idat))
            defer { try? FileManager.default.removeItem(atPath: path) }
            return Result { () throws(PhotoProcessingError) in try PhotoProcessor().processFile(atPath: path) }
        }
        let honest = try PhotoProcessor().process(PNGBuilder.png(width: 600, height: 600, idat: PNGBuilder.storedZlib(rows)))

        let longTail = PNGBuilder.storedZlib(rows, emptyBlocks: 20_000)
        #expect(throws: PhotoProcessingError.headerMismatch(format: "PNG", detail: "the image data goes on for more than 65536 bytes after the last row")) {
            try streamed(longTail).get()
        }
        let shortTail = PNGBuilder.storedZlib(rows, emptyBlocks: 200)
        #expect(try streamed(shortTail).get().jpeg == honest.jpeg)
        let junkAfterTheEnd = PNGBuilder.storedZlib(rows) + [UInt8](repeating: 0xA5, count: 100_000)
        #expect(try streamed(junkAfterTheEnd).get().jpeg == honest.jpeg, "bytes after the stream's end are only skipped")
        let wrongAdler = PNGBuilder.storedZlib(rows, adler: 0x1234_5678)
        #expect {
            try streamed(wrongAdler).get()
        } throws: { error in
            guard case .damaged(format: "PNG", let detail) = error as? PhotoProcessingError else { return false }
            return detail.contains("incorrect data check")
        }
    }

    /// Found by PhotoFuzz comparing the two paths: a PNG whose eXIf comes after IDAT (and
    /// with bytes after IEND). libpng's full API treats the misplaced chunk as an error
    /// unless told to only warn, as the simplified API does; the two paths must agree.
    @Test func bothPathsAgreeOnAnEXIfAfterIDAT() throws {
        let bytes = try Fixtures.resource("fuzz/png-exif-after-idat.png")
        let path = try Self.write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let processor = PhotoProcessor(options: PhotoProcessingOptions(maxPixels: 512 * 512, boxSize: 48, byteBudget: 4_000))
        let fromMemory = Result { () throws(PhotoProcessingError) in try processor.process(bytes) }
        let fromFile = Result { () throws(PhotoProcessingError) in try processor.processFile(atPath: path) }
        switch (fromMemory, fromFile) {
        case (.success(let a), .success(let b)): #expect(a.jpeg == b.jpeg)
        default: Issue.record("from memory: \(fromMemory), from the file: \(fromFile)")
        }
    }

    /// `png` with a chunk inserted right after IHDR (CRC computed here).
    static func withChunk(_ type: String, _ data: [UInt8], afterIHDRof png: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        func u32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let chunk = u32(UInt32(data.count)) + body + u32(crc)
        let ihdrEnd = 8 + 8 + 13 + 4
        return Array(png[..<ihdrEnd]) + chunk + Array(png[ihdrEnd...])
    }
}
