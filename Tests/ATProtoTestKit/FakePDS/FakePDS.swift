package import Foundation
import HTTPTestKit
import Synchronization

/// A fake of a user's PDS for GrainStories' tests: real HTTP on 127.0.0.1 (ephemeral
/// port), the reference PDS's answers for sessions, blobs and records (`FakePDSCore`),
/// and fault injection per XRPC method (`inject(_:on:_:)`): error statuses, stalls,
/// connections dropped mid-upload or before the answer, expired tokens, delays.
///
/// Everything it stores and every call it receives can be inspected (thread-safe), so
/// tests can assert what was written and how often a method was called. This type is a
/// thin shell: `ScriptedHTTPServer` does the socket work on its own threads, and the
/// protocol logic is the socket-free `FakePDSCore`, run under one lock.
///
/// Call `stop()` when done (dropping the last reference stops it too).
package final class FakePDS: Sendable {
    /// What the server threads share: the core, pending faults and the call log.
    final class Shared: Sendable {
        struct State: Sendable {
            var core: FakePDSCore
            var rules: [FaultRule] = []
            var calls: [Call] = []
        }

        let state: Mutex<State>
        let clock: @Sendable () -> Date

        init(core: FakePDSCore, clock: @escaping @Sendable () -> Date) {
            self.state = Mutex(State(core: core))
            self.clock = clock
        }
    }

    let shared: Shared
    private let server: ScriptedHTTPServer

    /// Starts serving at once. `clock` decides token issue and expiry times and record
    /// keys; the default is the wall clock. Unless `publishesIdentity` is false, the
    /// accounts' identities are published in `TestIdentityDirectory.shared` as living
    /// here (a PDS that is not theirs, an attacker's say, passes false).
    package init(
        accounts: [Account] = [.alice],
        configuration: FakePDSCore.Configuration = FakePDSCore.Configuration(),
        clock: @escaping @Sendable () -> Date = { Date() },
        publishesIdentity: Bool = true
    ) throws {
        precondition(!accounts.isEmpty, "a fake PDS needs at least one account")
        let shared = Shared(core: FakePDSCore(accounts: accounts, configuration: configuration), clock: clock)
        let server = try ScriptedHTTPServer(
            onHead: { head in shared.decide(onHead: head) },
            handler: { request in shared.respond(to: request) })
        // Nobody knows the port before this returns, so no request can see the old value.
        shared.state.withLock { $0.core.configuration.serviceEndpoint = server.baseURL }
        self.shared = shared
        self.server = server
        if publishesIdentity {
            for account in accounts {
                TestIdentityDirectory.shared.publish(did: account.did, handle: account.handle, pds: server.baseURL)
            }
        }
    }

    deinit { server.stop() }

    /// `http://127.0.0.1:<port>`: the PDS URL to give the code under test.
    package var baseURL: String { server.baseURL }

    /// `baseURL/xrpc/<nsid>`.
    package func url(_ nsid: String) -> String { "\(baseURL)/xrpc/\(nsid)" }

    /// The accounts it serves, in the order given.
    package var accounts: [Account] { shared.state.withLock { $0.core.accounts } }

    /// Stops serving and closes every connection. Idempotent.
    package func stop() { server.stop() }

    /// Gives `body` the core itself, for anything the other methods do not cover.
    package func withCore<T>(_ body: (inout FakePDSCore) -> T) -> T {
        shared.state.withLock { body(&$0.core) }
    }
}
