import Foundation
import GrainSupport
import Testing

@testable import GrainStoriesWeb

/// What `StaticAssets.load` takes from `Public/` and what it leaves out: dotfiles and
/// dot-directories, links that lead outside, links to directories, files over the limit.
@Suite struct StaticAssetsLoadingTests {
    @Test func onlyFilesInsideThePublicDirectoryAreServed() throws {
        let base = NSTemporaryDirectory() + "public-\(UUID().uuidString)"
        let root = base + "/Public"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let files = FileManager.default
        try files.createDirectory(atPath: root + "/js", withIntermediateDirectories: true)
        try files.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        try files.createDirectory(atPath: base + "/outside", withIntermediateDirectories: true)
        try Data("body{}".utf8).write(to: URL(fileURLWithPath: root + "/app.css"))
        try Data("x()".utf8).write(to: URL(fileURLWithPath: root + "/js/x.js"))
        try Data("secret".utf8).write(to: URL(fileURLWithPath: root + "/.env"))
        try Data("secret".utf8).write(to: URL(fileURLWithPath: root + "/.git/config"))
        try Data("secret".utf8).write(to: URL(fileURLWithPath: base + "/outside/key.txt"))
        try Data(count: StaticAssets.maxFileBytes + 1).write(to: URL(fileURLWithPath: root + "/huge.bin"))
        try files.createSymbolicLink(atPath: root + "/leak.txt", withDestinationPath: base + "/outside/key.txt")
        try files.createSymbolicLink(atPath: root + "/alias.css", withDestinationPath: root + "/app.css")
        try files.createSymbolicLink(atPath: root + "/linked", withDestinationPath: base + "/outside")
        try files.createSymbolicLink(atPath: root + "/js-again", withDestinationPath: root + "/js")

        let assets = try StaticAssets.load(directory: root, logger: Logger(level: .error) { _ in })
        #expect(assets.asset(named: "app.css")?.asset.bytes == Array("body{}".utf8))
        #expect(assets.asset(named: "js/x.js") != nil, "a real subdirectory is walked")
        #expect(assets.asset(named: "alias.css")?.asset.bytes == Array("body{}".utf8), "a link to a file inside is served")
        for refused in [".env", ".git/config", "huge.bin", "leak.txt", "linked/key.txt", "js-again/x.js"] {
            #expect(assets.asset(named: refused) == nil, "\(refused) is served")
        }
    }
}
