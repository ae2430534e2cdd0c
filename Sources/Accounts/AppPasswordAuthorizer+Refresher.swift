import ATProto
import GrainSupport

extension AppPasswordAuthorizer {
    /// One refresh per session at a time: concurrent callers share its result, so a
    /// rotated refresh token is never used twice. One lives in each `AuthorizedPDS` and
    /// is shared by every authorizer it makes.
    package actor Refresher {
        private var running: [String: Task<Result<PDSSession, PDSCallFailure>, Never>] = [:]
        /// The newest tokens per session, so a rotated refresh token is never reused.
        private var newest: [String: PDSSession] = [:]

        func latest(_ key: String) -> PDSSession? { newest[key] }

        /// Refreshes the session `key` with `work`, given the newest tokens known (or
        /// `fallback`). When `rejected`, the access token the PDS refused, is no longer
        /// the newest, another call renewed the session since that request was sent:
        /// the newest tokens are the answer, and the spent refresh token is not sent.
        func refresh(
            _ key: String, rejected: Secret?, fallback: PDSSession,
            _ work: @escaping @Sendable (PDSSession) async -> Result<PDSSession, PDSCallFailure>
        ) async -> Result<PDSSession, PDSCallFailure> {
            if let task = running[key] { return await task.value }
            let current = newest[key] ?? fallback
            if let rejected, rejected != current.accessToken { return .success(current) }
            let task = Task { await work(current) }
            running[key] = task
            let result = await task.value
            running[key] = nil
            if case .success(let tokens) = result {
                if newest.count >= 4096 { newest.removeAll() }
                newest[key] = tokens
            }
            return result
        }
    }
}
