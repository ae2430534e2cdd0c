import Foundation
@testable import GrainStoriesCore
import Testing
import TestSupport

/// The server's signing key must survive restarts (or every media link and session
/// token would break) and must not be readable by other users.
@Suite struct ServerSecretTests {
    @Test func theFirstStartCreatesAPrivateKeyThatLaterStartsReuse() throws {
        let directory = ProjectPaths.temporaryDirectory("secret")
        let first = try ServerSecret.loadOrCreate(in: directory)
        #expect(first.count == 32)
        #expect(Set(first).count > 8)  // random, not a constant fill
        let path = directory + "/" + ServerSecret.fileName
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try ServerSecret.loadOrCreate(in: directory) == first)
        #expect(try ServerSecret.loadOrCreate(in: ProjectPaths.temporaryDirectory("secret")) != first)
    }

    @Test func aDamagedKeyIsReportedInsteadOfReplaced() throws {
        let directory = ProjectPaths.temporaryDirectory("secret")
        let path = directory + "/" + ServerSecret.fileName
        #expect(FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3])))
        #expect {
            _ = try ServerSecret.loadOrCreate(in: directory)
        } throws: { error in
            "\(error)".contains("damaged")
        }
        #expect(FileManager.default.contents(atPath: path) == Data([1, 2, 3]))
    }
}
