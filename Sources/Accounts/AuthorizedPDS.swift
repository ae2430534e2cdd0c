import Foundation
public import ATProto
public import GrainSupport

/// Runs PDS calls for a signed-in account. When the PDS says the access token has
/// expired, it refreshes the session once (one refresh per session at a time), checks
/// the account's identity again as at sign-in, stores the new tokens and retries; when
/// the refresh is refused the session has been revoked and the person is signed out.
///
/// The identity check at refresh: a document that names another PDS (the account moved,
/// or never lived there) or no longer exists ends the session; while the directory
/// cannot be reached the refresh waits (`.identity`, to be retried), since signing
/// everyone out during a PLC outage would lose nothing an attacker could gain. A handle
/// that no longer checks out both ways is dropped (the account is shown by its DID)
/// rather than ending the session.
public struct AuthorizedPDS: Sendable {
    public let sessions: SessionStore
    /// How PDSes are reached: over HTTP in production, in memory in some tests.
    public let connector: any PDSConnector
    /// Checks refreshed sessions against the account's identity.
    public let verifier: any AccountVerifying
    private let refresher = Refresher()

    public init(sessions: SessionStore, connector: any PDSConnector, verifier: any AccountVerifying) {
        self.sessions = sessions
        self.connector = connector
        self.verifier = verifier
    }

    /// Why a call for an account failed, with the PDS's answer (or lack of one) inside.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The PDS no longer accepts this session: sign in again.
        case signedOut
        case pds(XRPCError)
        /// The account's identity could not be checked at a refresh just now (the
        /// directory or the handle's host did not answer): try again later.
        case identity(IdentityError)
        /// Something on this server failed, not the PDS: storing refreshed tokens
        /// (`SessionStore` throws untyped errors) or the caller's own work in `body`.
        /// The error is kept as it is.
        case local(any Error)

        public var description: String {
            switch self {
            case .signedOut: "the PDS ended this session"
            case .pds(let error): "pds: \(error)"
            case .identity(let error): "identity: \(error)"
            case .local(let error): "local: \(error)"
            }
        }
    }

    public func client(for account: AccountSession) -> any PDSConnection {
        client(forPDS: account.pdsURL)
    }

    public func client(forPDS url: String) -> any PDSConnection {
        connector.connection(to: url)
    }

    /// Calls `body` with the account's access token, refreshing it once if expired.
    /// (`body` throws untyped: the compiler does not infer typed throws for closure
    /// literals, so callers' closures would all need annotations; `xrpc(_:)` recovers
    /// the type right here.)
    public func perform<Value: Sendable>(
        _ account: AccountSession, _ body: @Sendable (any PDSConnection, Secret) async throws -> Value
    ) async throws(Failure) -> Value {
        let client = client(for: account)
        // A long-lived caller (the outbox) may hold tokens that were rotated since.
        var current = account
        current.tokens = await refresher.latest(account.idHash) ?? account.tokens
        do {
            return try await body(client, current.tokens.accessToken)
        } catch {
            let first = try AuthorizedPDS.xrpc(error)
            guard AuthorizedPDS.isExpired(first) else { throw .pds(first) }
        }
        let fresh = try await refresh(current, client: client)
        do {
            return try await body(client, fresh.accessToken)
        } catch {
            let second = try AuthorizedPDS.xrpc(error)
            throw AuthorizedPDS.isExpired(second) ? .signedOut : .pds(second)
        }
    }

    /// `body` is a closure, so its errors arrive untyped; the PDS's own come back as
    /// the `XRPCError` they were, anything else is the caller's and stays `.local`.
    private static func xrpc(_ error: any Error) throws(Failure) -> XRPCError {
        guard let xrpc = error as? XRPCError else { throw .local(error) }
        return xrpc
    }

    private func refresh(_ account: AccountSession, client: any PDSConnection) async throws(Failure) -> PDSSession {
        let sessions = self.sessions
        let result = await refresher.refresh(account.idHash) {
            let fresh: PDSSession
            do throws(XRPCError) {
                fresh = try await client.refreshSession(account.tokens.refreshToken)
            } catch {
                if error.status == 400 || error.status == 401 {
                    try? await sessions.delete(idHash: account.idHash)
                    return .failure(.signedOut)
                }
                return .failure(.pds(error))
            }
            var checked = fresh
            do throws(IdentityError) {
                checked.handle = try await AuthorizedPDS.verifiedHandle(of: fresh, on: account.pdsURL, verifier: verifier)
            } catch {
                if case .unreachable = error {
                    // Keep the rotated tokens: the old refresh token is spent.
                    try? await sessions.updateTokens(idHash: account.idHash, fresh)
                    return .failure(.identity(error))
                }
                try? await sessions.delete(idHash: account.idHash)
                return .failure(.signedOut)
            }
            do {
                try await sessions.updateTokens(idHash: account.idHash, checked)
            } catch {
                return .failure(.local(error))
            }
            return .success(checked)
        }
        return try result.get()
    }

    /// The refreshed session's handle once the account is verified on `pdsURL`: nil when
    /// only the handle fails to check out (see the type's note on refresh).
    private static func verifiedHandle(of session: PDSSession, on pdsURL: String, verifier: any AccountVerifying) async throws(IdentityError) -> Handle? {
        do {
            return try await verifier.verify(did: session.did, handle: session.handle, pdsURL: pdsURL).handle
        } catch {
            guard case .handleMismatch = error else { throw error }
            return try await verifier.verify(did: session.did, handle: nil, pdsURL: pdsURL).handle
        }
    }

    /// `ExpiredToken` (the reference PDS answers 400) or an invalid token (401).
    static func isExpired(_ error: XRPCError) -> Bool {
        guard case .remote(let status, let name, _) = error else { return false }
        return name == "ExpiredToken" || name == "InvalidToken" || (status == 401 && name == nil)
    }

    /// One refresh per session at a time: concurrent callers share its result, so a
    /// rotated refresh token is never used twice.
    private actor Refresher {
        private var running: [String: Task<Result<PDSSession, Failure>, Never>] = [:]
        /// The newest tokens per session, so a rotated refresh token is never reused.
        private var newest: [String: PDSSession] = [:]

        func latest(_ key: String) -> PDSSession? { newest[key] }

        func refresh(_ key: String, _ work: @escaping @Sendable () async -> Result<PDSSession, Failure>) async -> Result<PDSSession, Failure> {
            if let task = running[key] { return await task.value }
            let task = Task { await work() }
            running[key] = task
            let result = await task.value
            running[key] = nil
            if case .success(let tokens) = result {
                newest[key] = tokens
                if newest.count > 4096 { newest.removeAll() }
            }
            return result
        }
    }
}
