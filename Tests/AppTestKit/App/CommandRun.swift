import Foundation
import HTTPTestKit
import TestKit

/// One run of a program to its end, by default the real `grain-stories` binary with a
/// command other than `serve` (`backup`, `restore`, …): what it printed and its exit status.
package struct CommandRun: Sendable {
    package let status: Int32
    package let output: String
    package let error: String

    /// Runs `executable arguments…` from the project root, with `environment` added to this
    /// process's (minus its `GRAIN_STORIES_*` variables), and waits for it to exit.
    /// Output goes through files, not pipes, so a chatty command cannot block on a full pipe.
    package init(_ arguments: [String], executable: String = ServerProcess.binary, environment: [String: String] = [:]) throws {
        let scratch = ProjectPaths.temporaryDirectory("command")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        guard FileManager.default.createFile(atPath: scratch + "/out", contents: nil),
            FileManager.default.createFile(atPath: scratch + "/err", contents: nil)
        else { throw BrowserTestError("cannot create output files in \(scratch)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: ProjectPaths.root)
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GRAIN_STORIES_") }
            .merging(environment) { _, given in given }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch + "/out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch + "/err"))
        try process.run()
        process.waitUntilExit()
        status = process.terminationStatus
        output = (try? String(contentsOfFile: scratch + "/out", encoding: .utf8)) ?? ""
        error = (try? String(contentsOfFile: scratch + "/err", encoding: .utf8)) ?? ""
    }
}
