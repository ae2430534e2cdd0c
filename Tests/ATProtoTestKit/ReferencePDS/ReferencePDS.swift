import Foundation
import TestKit

/// A real PDS implementation (arroba 3.1, assembled by `Tests/PDS/launch_pds.py`) running
/// as a child process on 127.0.0.1, for interoperability tests: one account per process,
/// all state in memory.
///
/// `launch()` needs the virtual environment `.venv-pds/` that `Tests/PDS/make-venv`
/// builds; without it (or with one built from other requirements) it throws an error
/// saying so: a missing reference PDS fails a test, it never skips one.
///
/// The child reads its standard input from a pipe this object holds, so it exits even if
/// the test process dies; `stop()` (also run on deinit) ends it explicitly.
package final class ReferencePDS: Sendable {
    /// Why the reference PDS could not be started or queried; the message says what to do.
    package struct LaunchError: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// `http://127.0.0.1:<port>`.
    package let baseURL: String
    package let handle: String
    package let password: String
    /// The account's `did:plc` (created locally, never published: resolvable only here).
    package let did: String
    /// Where the launcher keeps `pds.pid`, `pds.log`, `stderr.log` and `account.json`.
    package let stateDirectory: String

    private let child: ChildProcess

    init(baseURL: String, handle: String, password: String, did: String, stateDirectory: String, child: ChildProcess) {
        self.baseURL = baseURL
        self.handle = handle
        self.password = password
        self.did = did
        self.stateDirectory = stateDirectory
        self.child = child
    }

    deinit { stop() }

    /// `baseURL/xrpc/<nsid>`.
    package func url(_ nsid: String) -> String { "\(baseURL)/xrpc/\(nsid)" }

    /// Terminates the PDS, waits (at most a few seconds) for it to exit and removes its
    /// state directory. Idempotent. Blocks the calling thread briefly.
    package func stop() {
        child.stop()
        try? FileManager.default.removeItem(atPath: stateDirectory)
    }

    /// The Python interpreter of `.venv-pds/`.
    static var python: String { ProjectPaths.root + "/.venv-pds/bin/python" }
    static var scripts: String { ProjectPaths.root + "/Tests/PDS" }
}
