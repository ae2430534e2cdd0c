import Foundation
import Testing

@testable import DurableFiles

@Suite struct DurableFileTests {
    private static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "durable-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func writesTheBytesWithMode0600AndLeavesNoTemporaryFile() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try DurableFile.write([1, 2, 3], to: directory + "/photo.jpg")
        #expect(FileManager.default.contents(atPath: directory + "/photo.jpg") == Data([1, 2, 3]))
        let mode = try FileManager.default.attributesOfItem(atPath: directory + "/photo.jpg")[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["photo.jpg"])
    }

    @Test func replacesAnExistingFileWhole() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try DurableFile.write(Array(repeating: 7, count: 100), to: directory + "/out")
        try DurableFile.write([9], to: directory + "/out")
        #expect(FileManager.default.contents(atPath: directory + "/out") == Data([9]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out"])
    }

    @Test func aFailedRenameLeavesNothingBehindAndKeepsTheDestination() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A non-empty directory cannot be renamed over: the write must fail cleanly.
        try FileManager.default.createDirectory(atPath: directory + "/taken/inner", withIntermediateDirectories: true)
        #expect(throws: FileSystemError.self) { try DurableFile.write([1], to: directory + "/taken") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["taken"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/taken") == ["inner"])
    }

    @Test func aMissingDirectoryIsATypedErrorNamingThePath() throws {
        let path = NSTemporaryDirectory() + "missing-\(UUID().uuidString)/x.jpg"
        do {
            try DurableFile.write([1], to: path)
            Issue.record("wrote into a missing directory")
        } catch {
            #expect(error.code == ENOENT)
            #expect(error.operation.contains(path))
        }
    }

    @Test func theDirectoryOfAPathIsItsParent() {
        #expect(DurableFile.directory(of: "/a/b/c.jpg") == "/a/b")
        #expect(DurableFile.directory(of: "/c.jpg") == "/")
        #expect(DurableFile.directory(of: "c.jpg") == ".")
    }
}
