import Foundation
import Testing

@testable import DurableFiles

/// Reading a directory someone else wrote: links are refused wherever they are, nothing
/// but a regular file is opened (a FIFO would block, a device would be read), sizes are
/// capped, and no name can step out of the directory.
@Suite struct UntrustedDirectoryTests {
    /// A fresh directory with `inside/` (the untrusted one) and `outside/secret` next to it.
    private struct Tree {
        let base = NSTemporaryDirectory() + "untrusted-\(UUID().uuidString)"
        var inside: String { base + "/inside" }
        var secret: String { base + "/outside/secret" }

        init() throws {
            try FileManager.default.createDirectory(atPath: base + "/inside/sub", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: base + "/outside", withIntermediateDirectories: true)
            try Data("outside secret".utf8).write(to: URL(fileURLWithPath: secret))
            chmod(secret, 0o600)
        }

        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: inside + "/" + name))
        }

        func remove() { try? FileManager.default.removeItem(atPath: base) }
    }

    @Test func aRegularFileIsReadAndAMissingOneIsNil() throws {
        let tree = try Tree()
        defer { tree.remove() }
        try tree.write("plain", "hello")
        try tree.write("sub/nested", "deeper")
        let directory = try UntrustedDirectory(path: tree.inside)
        #expect(try directory.read("plain", limit: 5) == Array("hello".utf8))
        #expect(try directory.read("missing", limit: 5) == nil)
        #expect(try directory.subdirectory("absent") == nil)
        #expect(try directory.subdirectory("sub")?.read("nested", limit: 100) == Array("deeper".utf8))
        #expect(Set(try directory.names()) == ["plain", "sub"])
    }

    @Test func aLinkIsNeverFollowedWhetherToAFileOrToADirectory() throws {
        let tree = try Tree()
        defer { tree.remove() }
        try FileManager.default.createSymbolicLink(atPath: tree.inside + "/link", withDestinationPath: tree.secret)
        try FileManager.default.createSymbolicLink(atPath: tree.inside + "/dirlink", withDestinationPath: tree.base + "/outside")
        let directory = try UntrustedDirectory(path: tree.inside)
        #expect(throws: UntrustedFileError.symbolicLink(path: tree.inside + "/link")) { try directory.read("link", limit: 1000) }
        #expect(throws: UntrustedFileError.symbolicLink(path: tree.inside + "/dirlink")) { try directory.subdirectory("dirlink") }
        let destination = tree.base + "/copied"
        #expect(throws: UntrustedFileError.symbolicLink(path: tree.inside + "/link")) {
            try directory.copy("link", to: destination, limit: 1000)
        }
        #expect(!FileManager.default.fileExists(atPath: destination), "nothing was created for a refused file")
    }

    @Test func fifosSocketsAndDevicesAreRefusedWithoutBeingOpened() throws {
        let tree = try Tree()
        defer { tree.remove() }
        // Opening a FIFO for reading waits for a writer: were it opened, this test would hang.
        #expect(mkfifo(tree.inside + "/fifo", 0o600) == 0)
        // /dev/zero's numbers: read, it would never end.
        #expect(mknod(tree.inside + "/zero", S_IFCHR | 0o600, dev_t(1 << 8 | 5)) == 0, "the tests run as root, as in the container")
        let directory = try UntrustedDirectory(path: tree.inside)
        for name in ["fifo", "zero", "sub"] {
            #expect(throws: UntrustedFileError.notRegularFile(path: tree.inside + "/" + name)) { try directory.read(name, limit: 1 << 20) }
        }
        try tree.write("file", "x")
        #expect(throws: UntrustedFileError.notDirectory(path: tree.inside + "/file")) { try directory.subdirectory("file") }
    }

    @Test func aFileOverTheLimitIsRefusedBeforeItIsReadAndACopyLeavesNothingBehind() throws {
        let tree = try Tree()
        defer { tree.remove() }
        try tree.write("six", "123456")
        // A sparse terabyte takes no disk here; copied, it would fill the disk.
        #expect(FileManager.default.createFile(atPath: tree.inside + "/huge", contents: nil))
        #expect(truncate(tree.inside + "/huge", 1 << 40) == 0)
        let directory = try UntrustedDirectory(path: tree.inside)
        #expect(try directory.read("six", limit: 6) == Array("123456".utf8))
        #expect(throws: UntrustedFileError.tooLarge(path: tree.inside + "/six", limit: 5)) { try directory.read("six", limit: 5) }
        #expect(throws: UntrustedFileError.tooLarge(path: tree.inside + "/huge", limit: 1 << 30)) {
            try directory.copy("huge", to: tree.base + "/huge-copy", limit: 1 << 30)
        }
        #expect(!FileManager.default.fileExists(atPath: tree.base + "/huge-copy"))
        #expect(try directory.copy("six", to: tree.base + "/six-copy", limit: 6))
        #expect(FileManager.default.contents(atPath: tree.base + "/six-copy") == Data("123456".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: tree.base + "/six-copy")[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }

    @Test func aCopyNeverWritesThroughALinkAtItsDestination() throws {
        let tree = try Tree()
        defer { tree.remove() }
        try tree.write("plain", "new content")
        let destination = tree.base + "/planted"
        try FileManager.default.createSymbolicLink(atPath: destination, withDestinationPath: tree.secret)
        let directory = try UntrustedDirectory(path: tree.inside)
        #expect(throws: UntrustedFileError.self) { try directory.copy("plain", to: destination, limit: 100) }
        #expect(FileManager.default.contents(atPath: tree.secret) == Data("outside secret".utf8))
    }

    @Test func namesThatCouldLeaveTheDirectoryAreRefused() throws {
        let tree = try Tree()
        defer { tree.remove() }
        let directory = try UntrustedDirectory(path: tree.inside + "/sub")
        for name in ["", ".", "..", "../../outside/secret", "a/b", "x\u{0}y"] {
            #expect(throws: UntrustedFileError.invalidName(name)) { try directory.read(name, limit: 1000) }
            #expect(throws: UntrustedFileError.invalidName(name)) { try directory.subdirectory(name) }
        }
    }
}
