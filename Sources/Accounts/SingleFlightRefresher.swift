package import ATProto
package import GrainSupport
package import OAuthClient

/// Credentials renewed by a refresh: what `SingleFlightRefresher` compares to tell
/// whether a refused request was sent with credentials that are already replaced.
package protocol RenewableCredentials: Sendable {
    var accessToken: Secret { get }
}

extension PDSSession: RenewableCredentials {}
extension OAuthGrant: RenewableCredentials {}

/// One refresh per session at a time: concurrent callers share its result, so a
/// single-use refresh token is never presented twice. One lives in each `AuthorizedPDS`
/// (app passwords) or process (OAuth) and is shared by every authorizer it makes.
package actor SingleFlightRefresher<Credentials: RenewableCredentials> {
    private var running: [String: Task<Result<Credentials, PDSCallFailure>, Never>] = [:]
    /// The newest credentials per session, so a rotated refresh token is never reused.
    private var newest: [String: Credentials] = [:]

    package init() {}

    func latest(_ key: String) -> Credentials? { newest[key] }

    /// Keeps `credentials` read from storage as the newest unless a refresh has already
    /// put newer ones here; gives whichever is the newest.
    func remember(_ key: String, _ credentials: Credentials) -> Credentials {
        if let known = newest[key] { return known }
        if newest.count >= 4096 { newest.removeAll() }
        newest[key] = credentials
        return credentials
    }

    /// Makes `credentials` the newest for `key` although the refresh that got them went
    /// on to fail (they were stored, and the ones before are spent).
    func keep(_ key: String, _ credentials: Credentials) {
        if newest.count >= 4096 { newest.removeAll() }
        newest[key] = credentials
    }

    /// Forgets the credentials of a session that has ended, so nothing is sent with them.
    func forget(_ key: String) {
        newest[key] = nil
    }

    /// Refreshes the session `key` with `work`, given the newest credentials known (or
    /// `fallback`). When `rejected`, the access token the PDS refused, is no longer the
    /// newest, another call renewed the session since that request was sent: the newest
    /// credentials are the answer, and the spent refresh token is not sent.
    func refresh(
        _ key: String, rejected: Secret?, fallback: Credentials,
        _ work: @escaping @Sendable (Credentials) async -> Result<Credentials, PDSCallFailure>
    ) async -> Result<Credentials, PDSCallFailure> {
        if let task = running[key] { return await task.value }
        let current = newest[key] ?? fallback
        if let rejected, rejected != current.accessToken { return .success(current) }
        // The task records its result before it finishes, so no caller waiting on it
        // can resume and read the stale credentials in between.
        let task = Task {
            let result = await work(current)
            self.finish(key, result)
            return result
        }
        running[key] = task
        return await task.value
    }

    /// Keeps a finished refresh's credentials as the newest and lets the next one start.
    private func finish(_ key: String, _ result: Result<Credentials, PDSCallFailure>) {
        running[key] = nil
        if case .success(let credentials) = result {
            if newest.count >= 4096 { newest.removeAll() }
            newest[key] = credentials
        }
    }
}
