import AppTestKit
import Foundation
import TestKit
import Testing

/// `scripts/setup` run again on a machine it already provisioned makes no network call:
/// no `apt-get update`, no package index look-up, no download. The network tools are
/// replaced by stand-ins on PATH that record every call. Needs a machine where
/// `scripts/setup --tests` has run (as `scripts/test` and CI do first).
@Suite(.serialized) struct SetupScriptTests {
    /// A copy of `scripts/setup` outside the repository (so `--tests` does not also
    /// check the reference PDS's Python environment, which is not a package), and a
    /// directory of stand-ins for the tools that reach the network.
    struct Sandbox {
        let root = ProjectPaths.temporaryDirectory("setup")
        var script: String { root + "/scripts/setup" }
        var shims: String { root + "/shims" }
        var calls: String { root + "/calls" }

        init() throws {
            try FileManager.default.createDirectory(atPath: root + "/scripts", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: shims, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: ProjectPaths.root + "/scripts/setup", toPath: script)
            for tool in ["apt-get", "apt-cache", "apt", "curl", "wget", "sudo"] {
                try shim(tool, "echo \"\(tool) $*\" >> '\(calls)'; exit 1")
            }
        }

        /// Puts a stand-in for `tool` on the sandbox's PATH.
        func shim(_ tool: String, _ body: String) throws {
            let path = shims + "/" + tool
            try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }

        func run(_ mode: String) throws -> CommandRun {
            let path = shims + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            return try CommandRun([script, mode], executable: "/bin/bash", environment: ["PATH": path])
        }

        var recordedCalls: String { (try? String(contentsOfFile: calls, encoding: .utf8)) ?? "" }
    }

    @Test(arguments: ["--runtime", "--build", "--tests"])
    func aSecondRunOnAProvisionedDebianMachineMakesNoNetworkCall(mode: String) throws {
        let sandbox = try Sandbox()
        defer { try? FileManager.default.removeItem(atPath: sandbox.root) }
        let run = try sandbox.run(mode)
        #expect(run.status == 0, "setup \(mode): \(run.error)")
        #expect(sandbox.recordedCalls.isEmpty, "setup \(mode) called: \(sandbox.recordedCalls)")
    }

    /// Ubuntu 24.04 installs some libraries under other names (`libcurl4t64`,
    /// `libgcc-13-dev`); dpkg's answers are rewritten to those names.
    @Test func aSecondRunOnUbuntu2404NamesMakesNoNetworkCall() throws {
        let sandbox = try Sandbox()
        defer { try? FileManager.default.removeItem(atPath: sandbox.root) }
        let renames = [
            ("libcurl4", "libcurl4t64"), ("libmicrohttpd12", "libmicrohttpd12t64"),
            ("libgcc-12-dev", "libgcc-13-dev"), ("libstdc++-12-dev", "libstdc++-13-dev"),
        ]
        let sed = renames.map { "-e 's/\\t\($0.0),/\\t\($0.1),/'" }.joined(separator: " ")
        try sandbox.shim("dpkg-query", "/usr/bin/dpkg-query \"$@\" | sed \(sed)")
        let listed = try CommandRun(["-c", "PATH='\(sandbox.shims)':$PATH dpkg-query -W -f='${Status}\\t${Package}, ${Provides}\\n'"], executable: "/bin/bash")
        #expect(listed.output.contains("\tlibcurl4t64,") && !listed.output.contains("\tlibcurl4,"), "the stand-in renames")
        let run = try sandbox.run("--build")
        #expect(run.status == 0, "setup --build: \(run.error)")
        #expect(sandbox.recordedCalls.isEmpty, "setup --build called: \(sandbox.recordedCalls)")
    }
}
