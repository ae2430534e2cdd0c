import Foundation
import Testing

@testable import DurableFiles

/// The plain-libc file reading the server uses instead of Foundation's `FileHandle`.
@Suite struct FileDescriptorIOTests {
    private static func file(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "fdio-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func readStopsAtTheLimit() throws {
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let path = try Self.file(bytes)
        defer { unlink(path) }
        #expect(try FileDescriptorIO.read(path, limit: Int.max) == bytes)
        #expect(try FileDescriptorIO.read(path, limit: 100_001) == Array(bytes.prefix(100_001)))
        #expect(try FileDescriptorIO.read(path, limit: 0) == [])
    }

    @Test func chunksCoverTheFileInOrder() throws {
        let bytes = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 * 13) }
        let path = try Self.file(bytes)
        defer { unlink(path) }
        var chunks: [[UInt8]] = []
        try FileDescriptorIO.forEachChunk(of: path, size: 64 << 10) { chunks.append($0) }
        #expect(chunks.map(\.count) == [65_536, 65_536, 18_928])
        #expect(Array(chunks.joined()) == bytes)
    }

    @Test func aMissingFileIsAnErrorNamingIt() {
        let error = #expect(throws: FileSystemError.self) { _ = try FileDescriptorIO.read("/nonexistent/x", limit: 10) }
        #expect(error?.code == ENOENT)
        #expect(error?.description == "opening /nonexistent/x failed: No such file or directory (errno 2)")
        #expect(FileDescriptorIO.regularFileSize("/nonexistent/x") == nil)
        #expect(FileDescriptorIO.regularFileSize("/tmp") == nil, "a directory has no file size")
    }
}
