import Accounts
import Foundation
import Testing

@testable import GrainStoriesWeb

/// `grain-stories oauth …` on a scratch data directory.
@Suite struct OAuthCommandTests {
    func run(_ arguments: [String], dataDirectory: String) async -> Int32 {
        await OAuthCommand.run(arguments: arguments + ["--data-dir", dataDirectory], environment: [:])
    }

    @Test func rotatingKeepsTheOldKeyUntilRetiredAndTheCurrentKeyCannotBeRemoved() async throws {
        let directory = FileManager.default.temporaryDirectory.path + "/oauth-cmd-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let keysDirectory = directory + "/oauth-client-keys"
        #expect(await run(["keys"], dataDirectory: directory) == 0)
        let first = try OAuthClientKeys.load(directory: keysDirectory)
        #expect(await run(["rotate-key"], dataDirectory: directory) == 0)
        let rotated = try OAuthClientKeys.load(directory: keysDirectory)
        #expect(rotated.keys.count == 2 && rotated.currentID != first.currentID)
        #expect(await run(["remove-key", rotated.currentID], dataDirectory: directory) == 64)
        #expect(await run(["retire-keys"], dataDirectory: directory) == 0)
        #expect(Array(try OAuthClientKeys.load(directory: keysDirectory).keys.keys) == [rotated.currentID])
        #expect(await run(["shuffle"], dataDirectory: directory) == 64)
    }
}
