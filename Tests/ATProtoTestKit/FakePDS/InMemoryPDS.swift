package import ATProto
package import Foundation
import Synchronization

/// The PDS edge answered in memory: a `PDSConnector` whose connections hand each call,
/// as the `XRPCRequest` `PDSClient` would send, straight to a `FakePDSCore` (the protocol
/// logic `FakePDS` serves over HTTP) and read its `XRPCResponse` back as `PDSClient`
/// would: the same sessions, token expiry and rotation, record and blob checks, status
/// codes and error names, with no socket and no curl.
///
/// It serves only its own `baseURL`; a connection to any other address fails as an
/// unknown host would. Tests that exercise the wire (timeouts, dropped connections,
/// fault injection) use `FakePDS` instead.
package final class InMemoryPDS: PDSConnector {
    struct State: Sendable {
        var core: FakePDSCore
        var calls: [String] = []
    }

    /// The PDS URL to give the code under test (sign-in's PDS field, identity fakes).
    package let baseURL: String
    let state: Mutex<State>
    let clock: @Sendable () -> Date

    /// `clock` decides token issue and expiry times and record keys.
    package init(
        accounts: [FakePDS.Account] = [.alice], baseURL: String = "https://pds.in-memory.test",
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        precondition(!accounts.isEmpty, "a fake PDS needs at least one account")
        var core = FakePDSCore(accounts: accounts)
        core.configuration.serviceEndpoint = baseURL
        self.baseURL = baseURL
        self.state = Mutex(State(core: core))
        self.clock = clock
    }

    package func connection(to baseURL: String, authorizer: any PDSAuthorizer) -> any PDSConnection {
        Connection(pds: self, baseURL: baseURL, authorizer: authorizer)
    }

    /// The NSIDs of every call answered so far, in order.
    package var calls: [String] { state.withLock { $0.calls } }

    /// The account's records in `collection`, oldest record key first (nil: the first account).
    package func records(_ collection: String, of account: String? = nil) -> [FakePDS.Record] {
        state.withLock { state in
            guard let did = state.core.resolve(account)?.did else { return [] }
            return state.core.records(collection, of: did)
        }
    }

    /// Stores a record for the account (nil: the first account) without a session, through
    /// the same checks as `putRecord` (follows and blocks a test starts with).
    @discardableResult
    package func seedRecord(
        _ value: JSONValue, collection: String, rkey: String? = nil, account: String? = nil
    ) throws(FakePDS.SeedingError) -> FakePDS.Record {
        let now = clock()
        return try state.withLock { state throws(FakePDS.SeedingError) in
            try state.core.seedRecord(value, collection: collection, rkey: rkey, account: account, at: now)
        }
    }

    /// The account's uploaded blobs, in CID order.
    package func blobs(of account: String? = nil) -> [FakePDS.Blob] {
        state.withLock { state in
            guard let did = state.core.resolve(account)?.did else { return [] }
            return state.core.blobs(of: did)
        }
    }

    /// Every access token issued so far to the account (or to anyone) now answers 400
    /// `ExpiredToken`; refreshing still works.
    package func expireAccessTokens(of account: String? = nil) {
        state.withLock { state in
            let did = account.map { state.core.account($0)?.did ?? $0 }
            state.core.expireAccessTokens(of: did)
        }
    }

    /// The core's answer to one call, logged.
    func answer(_ request: XRPCRequest) -> XRPCResponse {
        let now = clock()
        return state.withLock { state in
            state.calls.append(request.nsid)
            return state.core.handle(request, at: now)
        }
    }
}
