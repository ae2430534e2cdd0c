package import ATProto
package import FoundationEssentials

/// Where sessions are kept: one row per signed-in browser session, keyed by the SHA-256
/// of its cookie value (`SessionStore` hashes; the value itself is never stored), so a
/// copy of the storage does not let anyone sign in as the people in it. `SessionStore`
/// holds the rules (cookie names, tokens, lifetimes, the in-memory gate); a repository
/// only keeps rows.
///
/// Contract (checked for every adapter by `SessionRepositoryContractTests`):
/// - times are kept to the whole second (rounded down);
/// - a session belongs to its DID *and* the PDS it was verified on: `latest(for:on:)`
///   never answers with a session of the same DID on another PDS, and picks the most
///   recently used one there;
/// - `sessions(withIDHashes:usedSince:)` leaves out sessions last used before the cutoff.
///
/// Errors: every method throws only the adapter's storage failure (the database could
/// not be read or written); a missing session is nil or nothing, never an error.
package protocol SessionRepository: Sendable {
    /// Every stored session's id hash and account, for the in-memory gate (`KnownSessions`).
    func accountsByIDHash() async throws -> [String: DID]

    /// Stores `session`, created and last used at `time`.
    func insert(_ session: AccountSession, at time: Date) async throws

    /// The sessions among `idHashes` last used at or after `cutoff`, with when they were
    /// last used, in no particular order.
    func sessions(withIDHashes idHashes: [String], usedSince cutoff: Date) async throws -> [(session: AccountSession, lastUsed: Date)]

    /// Marks the session `idHash` as used at `time`.
    func touch(idHash: String, at time: Date) async throws

    /// The most recently used session of `did` on `pdsURL`.
    func latest(for did: DID, on pdsURL: String) async throws -> AccountSession?

    /// The most recently used session of `did` on any PDS (for how it appears as an
    /// author; never for acting as it).
    func newest(of did: DID) async throws -> AccountSession?

    /// Replaces the session's tokens and the handle checked with them.
    func updateTokens(idHash: String, _ tokens: PDSSession) async throws

    func delete(idHash: String) async throws

    /// Deletes every session last used before `cutoff`.
    func deleteUnused(before cutoff: Date) async throws
}
