import Foundation
import Testing

@testable import DurableFiles

@Suite struct ScratchFileTests {
    private static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "scratch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func appendedBytesArePrivateAndRemovedUnlessKept() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var path = ""
        do {
            let file = try ScratchFile(directory: directory, prefix: "upload-")
            path = file.path
            try [UInt8]([1, 2]).withUnsafeBytes { try file.append($0) }
            try [UInt8]([3]).withUnsafeBytes { try file.append($0) }
            try file.close()
            #expect(file.size == 3)
            #expect(path.hasPrefix(directory + "/upload-"))
            #expect(FileManager.default.contents(atPath: path) == Data([1, 2, 3]))
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600)
        }
        #expect(!FileManager.default.fileExists(atPath: path), "deinit removed the unkept file")

        let kept = try ScratchFile(directory: directory, prefix: "k-")
        kept.keep()
        let keptPath = kept.path
        kept.remove()
        #expect(FileManager.default.fileExists(atPath: keptPath), "a kept file belongs to its new owner")
    }

    @Test func twoScratchFilesNeverShareAName() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try ScratchFile(directory: directory, prefix: "x-")
        let second = try ScratchFile(directory: directory, prefix: "x-")
        #expect(first.path != second.path)
    }

    @Test func writingAfterCloseIsATypedError() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = try ScratchFile(directory: directory, prefix: "c-")
        try file.close()
        #expect(throws: FileSystemError(operation: "writing \(file.path) after closing it", code: EBADF)) {
            try [UInt8]([1]).withUnsafeBytes { try file.append($0) }
        }
    }

    @Test func aMissingDirectoryIsATypedError() {
        #expect(throws: FileSystemError.self) { try ScratchFile(directory: "/nonexistent-\(UUID().uuidString)", prefix: "u-") }
    }
}
