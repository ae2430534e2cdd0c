import Foundation

/// One run of a command-line tool from Debian (zbarimg, vips, ImageMagick, …) to its end:
/// its exit status and what it printed. Output goes through files, not pipes, so a chatty
/// tool cannot block on a full pipe. A tool that is not installed is an error that says
/// how to install it, never a skipped check.
package struct ToolRun {
    package let status: Int32
    package let output: String
    package let error: String

    package init(_ tool: String, _ arguments: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw ToolRunError("\(tool) is not installed; run ./scripts/setup --tests")
        }
        let scratch = ProjectPaths.temporaryDirectory("tool")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        _ = FileManager.default.createFile(atPath: scratch + "/out", contents: nil)
        _ = FileManager.default.createFile(atPath: scratch + "/err", contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch + "/out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch + "/err"))
        try process.run()
        process.waitUntilExit()
        status = process.terminationStatus
        output = (try? String(contentsOfFile: scratch + "/out", encoding: .utf8)) ?? ""
        error = (try? String(contentsOfFile: scratch + "/err", encoding: .utf8)) ?? ""
    }

    /// Runs the tool and throws unless it exits 0.
    @discardableResult
    package static func succeeding(_ tool: String, _ arguments: String...) throws -> ToolRun {
        let run = try ToolRun(tool, arguments)
        guard run.status == 0 else {
            throw ToolRunError("\(tool) \(arguments.joined(separator: " ")) exited \(run.status): \(run.error)")
        }
        return run
    }
}

/// A tool could not be run, or failed.
package struct ToolRunError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
