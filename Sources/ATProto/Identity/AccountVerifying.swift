/// Checks that a session a PDS issued belongs to the account that really lives there:
/// at sign-in and again whenever the session is refreshed. A PDS vouches only for
/// itself, so its word about which DID signed in is never enough on its own.
package protocol AccountVerifying: Sendable {
    /// The account, verified; throws when `did` does not live on `pdsURL` or `handle`
    /// is not its handle (or when that cannot be found out right now).
    func verify(did: DID, handle: Handle?, pdsURL: String) async throws(IdentityError) -> VerifiedAccount
}

/// A session's account after `AccountVerifying.verify`.
package struct VerifiedAccount: Sendable, Equatable {
    package var did: DID
    /// The handle checked both ways (or, for an operator-trusted PDS whose accounts have
    /// no resolvable document, the one that PDS gave); nil when the session had none.
    package var handle: Handle?
    /// The PDS in canonical form.
    package var pdsURL: String
    /// True when no document could be had and the operator's trust in the PDS decided.
    package var vouchedForByOperator: Bool

    package init(did: DID, handle: Handle?, pdsURL: String, vouchedForByOperator: Bool) {
        self.did = did
        self.handle = handle
        self.pdsURL = pdsURL
        self.vouchedForByOperator = vouchedForByOperator
    }
}
