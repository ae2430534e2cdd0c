import Foundation
import GrainSupport
import TestKit

extension ReferencePDS {
    /// Starts the launcher on a free port and returns once it answers (it prints its URL
    /// after `describeServer` succeeds), or throws after `timeout` with its stderr.
    package static func launch(timeout: Duration = .seconds(20)) async throws(LaunchError) -> ReferencePDS {
        try checkEnvironment()
        let stateDirectory = ProjectPaths.temporaryDirectory("reference-pds")
        let child: ChildProcess
        do {
            child = try ChildProcess(
                executable: python,
                arguments: [
                    scripts + "/launch_pds.py", "--state-dir", stateDirectory, "--port", "0", "--exit-on-stdin-eof",
                ],
                stderrPath: stateDirectory + "/stderr.log")
        } catch {
            throw LaunchError(description: "could not start \(python): \(error)")
        }
        let line: String?
        do {
            line = try await withDeadline(timeout) { await child.firstLine() }
        } catch {
            line = nil
        }
        guard let line, line.hasPrefix("http://127.0.0.1:") else {
            child.stop()
            let message = "the reference PDS did not start within \(timeout); its stderr:\n\(tail(stateDirectory))"
            try? FileManager.default.removeItem(atPath: stateDirectory)
            throw LaunchError(description: message)
        }
        guard let data = FileManager.default.contents(atPath: stateDirectory + "/account.json"),
            let account = try? JSONValue(parsing: Array(data)),
            let did = account["did"]?.stringValue, let handle = account["handle"]?.stringValue,
            let password = account["password"]?.stringValue
        else {
            child.stop()
            try? FileManager.default.removeItem(atPath: stateDirectory)
            throw LaunchError(description: "the reference PDS wrote no readable account.json")
        }
        // The account's identity, published where the application under test looks it up,
        // naming this PDS: sign-in verifies it like any other.
        TestIdentityDirectory.shared.publish(did: did, handle: handle, pds: line)
        return ReferencePDS(
            baseURL: line, handle: handle, password: password, did: did, stateDirectory: stateDirectory, child: child)
    }

    /// The venv must exist and have been built from the current requirements.
    static func checkEnvironment() throws(LaunchError) {
        let advice = "run Tests/PDS/make-venv (it builds .venv-pds/ from Tests/PDS/requirements.txt; scripts/setup --tests does it too)"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw LaunchError(description: "the reference PDS needs the Python environment \(python), which is missing: \(advice)")
        }
        let stamp = FileManager.default.contents(atPath: ProjectPaths.root + "/.venv-pds/.requirements.sha256")
            .map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
        let requirements = FileManager.default.contents(atPath: scripts + "/requirements.txt").map { Hex.encode(SHA256.hash($0)) }
        guard let stamp, stamp == requirements else {
            throw LaunchError(description: "the reference PDS's Python environment is out of date with Tests/PDS/requirements.txt: \(advice)")
        }
    }

    /// The last lines of the launcher's stderr, for failure messages.
    static func tail(_ stateDirectory: String) -> String {
        let text = FileManager.default.contents(atPath: stateDirectory + "/stderr.log").map { String(decoding: $0, as: UTF8.self) } ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(30).joined(separator: "\n")
    }

    /// The account's records in `collection` as the atproto SDK (an independent client)
    /// lists them, via `Tests/PDS/check_records.py`: an array of `{uri, cid, value}`.
    /// With `lexicons` (file names in `Tests/PDS/lexicons/`, Grain's own copied there) each
    /// record must also validate against them, else this throws.
    package func recordsViaSDK(collection: String = "social.grain.story", lexicons: [String] = []) async throws(LaunchError) -> JSONValue {
        let arguments =
            [
                Self.scripts + "/check_records.py", "--url", baseURL, "--handle", handle, "--password", password,
                "--collection", collection,
            ] + lexicons.flatMap { ["--lexicon", Self.scripts + "/lexicons/" + $0] }
        let result: ChildProcess.Result
        do {
            result = try await withDeadline(.seconds(60)) { await ChildProcess.run(Self.python, arguments) }
        } catch {
            throw LaunchError(description: "check_records.py did not finish within 60 seconds")
        }
        guard result.status == 0, let records = try? JSONValue(parsing: result.output) else {
            throw LaunchError(description: "check_records.py failed (exit \(result.status)): \(result.errorText)")
        }
        return records
    }
}
