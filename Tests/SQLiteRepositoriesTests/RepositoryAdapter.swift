import ATProtoTestKit
import AppTestKit
import Foundation
import GrainStoriesWeb
import TestKit
import Testing

/// The storage adapters every repository contract runs against, as the PDS parity test
/// runs both PDS fakes: the SQLite adapter the server uses (a fresh database file in a
/// temporary directory) and the in-memory one in FeatureTestKit. A contract test takes one
/// as its argument, so each invariant is checked on both, by name in the results.
enum RepositoryAdapter: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case inMemory

    var testDescription: String { rawValue }

    /// Opens fresh, empty repositories of this adapter, runs `body` over them and
    /// releases them (the database closed and its directory removed) however it ends.
    func with<T>(_ body: (Repositories) async throws -> T) async throws -> T {
        switch self {
        case .inMemory:
            return try await body(.inMemory())
        case .sqlite:
            let directory = ProjectPaths.temporaryDirectory("repositories")
            let repositories = try await Repositories.sqlite(at: directory + "/grainstories.sqlite3")
            do {
                let result = try await body(repositories)
                await repositories.close()
                try? FileManager.default.removeItem(atPath: directory)
                return result
            } catch {
                await repositories.close()
                try? FileManager.default.removeItem(atPath: directory)
                throw error
            }
        }
    }
}
