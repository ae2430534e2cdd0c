import Foundation
import TestKit
import Testing

@testable import GrainSupport

/// The server's signing key must survive restarts (or every media link and session
/// token would break) and must not be readable by other users.
@Suite struct ServerSecretTests {
    @Test func theFirstStartCreatesAPrivateKeyThatLaterStartsReuse() throws {
        let path = ProjectPaths.temporaryDirectory("secret") + "/secret.key"
        let first = try ServerSecret.loadOrCreate(at: path)
        #expect(first.count == 32)
        #expect(Set(first).count > 8)  // random, not a constant fill
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try ServerSecret.loadOrCreate(at: path) == first)
        #expect(try ServerSecret.loadOrCreate(at: ProjectPaths.temporaryDirectory("secret") + "/secret.key") != first)
    }

    @Test func aDamagedKeyIsReportedInsteadOfReplaced() throws {
        let path = ProjectPaths.temporaryDirectory("secret") + "/secret.key"
        #expect(FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3])))
        #expect {
            _ = try ServerSecret.loadOrCreate(at: path)
        } throws: { error in
            "\(error)".contains("damaged")
        }
        #expect(FileManager.default.contents(atPath: path) == Data([1, 2, 3]))
    }
}
