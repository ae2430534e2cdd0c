import Foundation
import PhotoPipeline
import TestKit
import Testing

/// `processFile` decodes a WebP from a mapping of its file (a lossless one releasing the
/// pages behind libwebp) and must make exactly the JPEG, or refuse with exactly the error,
/// that the in-memory path does, for every fixture and for hostile chunk sizes; only the
/// detail of a damaged bitstream may name another libwebp call (`WebPIUpdate`).
@Suite struct MappedWebPTests {
    static func write(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(UUID().uuidString).webp").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Both paths on `bytes`; the JPEGs or the errors (details aside for `.damaged`) agree.
    static func expectBothPathsAgree(_ bytes: [UInt8], box: Int = 2000, _ name: String) throws {
        let path = try write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let processor = PhotoProcessor(options: Fixtures.options(box: box))
        let fromFile = Result { () throws(PhotoProcessingError) in try processor.processFile(atPath: path) }
        let fromMemory = Result { () throws(PhotoProcessingError) in try processor.process(bytes) }
        switch (fromFile, fromMemory) {
        case (.success(let file), .success(let memory)):
            #expect(file.jpeg == memory.jpeg, "\(name)")
            #expect(file.metadata == memory.metadata && file.appliedOrientation == memory.appliedOrientation, "\(name)")
        case (.failure(.damaged(let a, _)), .failure(.damaged(let b, _))):
            #expect(a == b, "\(name)")
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "\(name)")
        default:
            Issue.record("\(name): from the file \(fromFile), from memory \(fromMemory)")
        }
    }

    @Test(arguments: [
        "lossless.webp", "lossy.webp", "alpha.webp", "exif.webp", "animated.webp", "animated-offset.webp", "truncated.webp",
        "huge.webp", "noisy-lossless.webp", "large-quadrants.webp",
    ])
    func aMappedWebPBecomesTheSameJPEGAsFromMemory(name: String) throws {
        for box in [40, 2000] { try Self.expectBothPathsAgree(try Fixtures.resource(name), box: box, "\(name) box \(box)") }
    }

    /// Chunk sizes that lie: the VP8L chunk (or the RIFF) claiming bytes past the end of
    /// the file, up to 4 GB; an odd size with its padding byte missing or present; a file
    /// cut inside a chunk header; the RIFF size smaller than the chunks.
    @Test(arguments: [
        ("vp8l past the end", 16, 1), ("vp8l huge", 16, 0xFFFF_FFF0 as Int), ("riff past the end", 4, 1),
        ("riff huge", 4, 0xFFFF_FFF0 as Int), ("riff short", 4, -1000), ("vp8l odd", 16, -1),
    ])
    func lyingChunkSizesAreRefusedAlike(name: String, offset: Int, change: Int) throws {
        var bytes = try Fixtures.resource("noisy-lossless.webp")
        let old = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
        let value = change == 0xFFFF_FFF0 ? change : old + change
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
        try Self.expectBothPathsAgree(bytes, name)
        // The same with the padding byte the odd size asks for, and cut inside a header.
        try Self.expectBothPathsAgree(bytes + [0], "\(name) + 1 byte")
        try Self.expectBothPathsAgree(Array(bytes.prefix(18)), "\(name) cut at 18")
    }

    /// A file made of the RIFF/WEBP signature alone, or nothing after the VP8L chunk header.
    @Test func headersWithNothingBehindThemAreRefusedAlike() throws {
        let bytes = try Fixtures.resource("noisy-lossless.webp")
        for length in [12, 16, 20, 21, 30] { try Self.expectBothPathsAgree(Array(bytes.prefix(length)), "first \(length) bytes") }
    }
}
