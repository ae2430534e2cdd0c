import Synchronization

/// What tests use: fault injection, the call log, token hooks, and the stored state.
/// Accounts are named by handle or DID; nil means the first account.
extension FakePDS {
    /// Why seeding failed (an unknown account, or a record the PDS would refuse).
    package struct SeedingError: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// Makes the next call(s) to `method` (nil: to any method) misbehave. Rules fire in
    /// the order injected; a rule with `.always` shadows later rules for its method.
    package func inject(_ fault: Fault, on method: String?, _ repetition: Repetition = .once) {
        let remaining: Int? =
            switch repetition {
            case .once, .onceAfter: 1
            case .times(let count): max(count, 0)
            case .always: nil
            }
        guard remaining != 0 else { return }
        var rule = FaultRule(method: method, fault: fault, remaining: remaining)
        if case .onceAfter(let calls) = repetition { rule.passing = max(calls, 0) }
        shared.state.withLock { $0.rules.append(rule) }
    }

    /// Removes every pending fault.
    package func clearFaults() {
        shared.state.withLock { $0.rules.removeAll() }
    }

    /// Every XRPC call received so far, in order (including those a fault answered).
    package var calls: [Call] { shared.state.withLock { $0.calls } }

    /// How many calls to `method` arrived (faulted or not).
    package func callCount(_ method: String) -> Int {
        calls.filter { $0.method == method }.count
    }

    /// How many calls to `method` the fake handled with a 2xx status (including those
    /// whose answer a fault then kept from the client).
    package func succeededCallCount(_ method: String) -> Int {
        calls.filter { $0.method == method && $0.succeeded }.count
    }

    /// Every access token issued so far to the account (or to anyone) now answers
    /// 400 `ExpiredToken`; refreshing still works.
    package func expireAccessTokens(of account: String? = nil) {
        shared.state.withLock { state in
            let did = account.map { state.core.account($0)?.did ?? $0 }
            state.core.expireAccessTokens(of: did)
        }
    }

    /// Revokes every refresh token of the account (as revoking its app password does):
    /// `refreshSession` answers 400 `ExpiredToken` "Token has been revoked". Access tokens
    /// already issued keep working until they expire, as on the reference; combine with
    /// `expireAccessTokens(of:)` to end a session at once.
    package func revokeSessions(of account: String? = nil) {
        shared.state.withLock { state in
            guard let did = state.core.resolve(account)?.did else { return }
            state.core.revokeSessions(of: did)
        }
    }

    /// The account's records in `collection`, oldest record key first.
    package func records(_ collection: String, of account: String? = nil) -> [Record] {
        shared.state.withLock { state in
            guard let did = state.core.resolve(account)?.did else { return [] }
            return state.core.records(collection, of: did)
        }
    }

    /// The record at an `at://did/collection/rkey` URI.
    package func record(uri: String) -> Record? {
        let parts = uri.split(separator: "/", omittingEmptySubsequences: false)
        guard uri.hasPrefix("at://"), parts.count == 5 else { return nil }
        return records(String(parts[3]), of: String(parts[2])).first { $0.rkey == parts[4] }
    }

    /// The account's uploaded blobs (referenced or not), in CID order.
    package func blobs(of account: String? = nil) -> [Blob] {
        shared.state.withLock { state in
            guard let did = state.core.resolve(account)?.did else { return [] }
            return state.core.blobs(of: did)
        }
    }

    /// Stores a record as `putRecord` would (same `$type`, data and blob checks), without
    /// a session: for example the account's `app.bsky.actor.profile/self`.
    @discardableResult
    package func seedRecord(
        _ value: JSONValue, collection: String, rkey: String? = nil, account: String? = nil
    ) throws(SeedingError) -> Record {
        let now = shared.clock()
        return try shared.state.withLock { state throws(SeedingError) in
            try state.core.seedRecord(value, collection: collection, rkey: rkey, account: account, at: now)
        }
    }

    /// Stores bytes as an uploaded blob of the account.
    @discardableResult
    package func seedBlob(_ bytes: [UInt8], mimeType: String, account: String? = nil) throws(SeedingError) -> Blob {
        try shared.state.withLock { state throws(SeedingError) in
            guard let did = state.core.resolve(account)?.did else {
                throw SeedingError(description: "no account \(account ?? "")")
            }
            return state.core.storeBlob(bytes, mimeType: mimeType, did: did)
        }
    }

    /// A fresh, valid access token for the account `did` (or handle), issued as a sign-in
    /// would issue it: what a gateway in front of this PDS (the stand-in OAuth server)
    /// presents on behalf of an OAuth session.
    package func accessToken(for did: String) throws(SeedingError) -> String {
        let now = shared.clock()
        return try shared.state.withLock { state throws(SeedingError) in
            guard let account = state.core.account(did) else { throw SeedingError(description: "no account \(did)") }
            return state.core.issueTokens(for: account, at: now).access
        }
    }
}
