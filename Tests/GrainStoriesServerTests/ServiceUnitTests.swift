import AppTestKit
import Foundation
import HTTPTestKit
import TestKit
import Testing

/// `scripts/grainstories.service`, the systemd unit for running without Docker: systemd
/// itself accepts it (`systemd-analyze verify`, which reads unit files without systemd
/// running), it confines the server, and docs/self-hosting.md shows exactly this file.
@Suite struct ServiceUnitTests {
    static let unitPath = ProjectPaths.root + "/scripts/grainstories.service"
    static let installedBinary = "/opt/grainstories/grain-stories"

    static func unit() throws -> String { try String(contentsOfFile: unitPath, encoding: .utf8) }

    /// The unit's `Key=value` lines (the last value of a key wins, as in systemd).
    static func settings(_ text: String) -> [String: String] {
        var settings: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("[") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            settings[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return settings
    }

    @Test func systemdAcceptsTheUnitWithoutAWarning() throws {
        // verify checks that ExecStart's binary exists, so a copy points at the one built
        // for the tests instead of the installed path; nothing else changes.
        let text = try Self.unit()
        #expect(text.contains("ExecStart=\(Self.installedBinary) "))
        let directory = ProjectPaths.temporaryDirectory("unit")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let copy = directory + "/grainstories.service"
        try text.replacingOccurrences(of: Self.installedBinary, with: ServerProcess.binary)
            .replacingOccurrences(of: "WorkingDirectory=/opt/grainstories", with: "WorkingDirectory=\(ProjectPaths.root)")
            .write(toFile: copy, atomically: true, encoding: .utf8)
        let analyze = "/usr/bin/systemd-analyze"
        try #require(FileManager.default.isExecutableFile(atPath: analyze), "systemd-analyze is missing: run scripts/setup --tests")
        let verify = try CommandRun(["verify", copy], executable: analyze)
        #expect(verify.status == 0, "\(verify.error)")
        #expect(verify.error.isEmpty && verify.output.isEmpty, "systemd-analyze verify said: \(verify.error)\(verify.output)")
    }

    @Test func theUnitRunsAsItsOwnUserRestartsOnFailureAndCanWriteOnlyTheDataDirectory() throws {
        let settings = Self.settings(try Self.unit())
        #expect(settings["User"] == "grainstories")
        #expect(settings["Restart"] == "on-failure")
        for (key, value) in [
            ("NoNewPrivileges", "true"), ("ProtectSystem", "strict"), ("PrivateTmp", "true"), ("ProtectHome", "true"),
            ("PrivateDevices", "true"), ("CapabilityBoundingSet", ""),
        ] {
            #expect(settings[key] == value, "\(key)=\(settings[key] ?? "(missing)")")
        }
        let execStart = try #require(settings["ExecStart"]).split(separator: " ").map(String.init)
        let dataDirectory = try #require(execStart.firstIndex(of: "--data-dir").map { execStart[$0 + 1] })
        #expect(settings["ReadWritePaths"] == dataDirectory, "the data directory, and only it, is writable")
    }

    @Test func theSelfHostingDocShowsExactlyThisUnit() throws {
        let document = try String(contentsOfFile: ProjectPaths.root + "/docs/self-hosting.md", encoding: .utf8)
        #expect(document.contains("```ini\n" + (try Self.unit()) + "```\n"), "docs/self-hosting.md's unit differs from scripts/grainstories.service")
    }
}
