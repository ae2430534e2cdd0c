package import ATProto

/// Finds where an account lives: its DID and PDS, from a handle or DID (and an
/// optional PDS address the person typed), and checks afterwards that the session the
/// PDS issued is really that account's (`AccountVerifying`).
package protocol IdentityResolving: AccountVerifying {
    func locate(identifier: String, pdsOverride: String?) async throws(IdentityError) -> LocatedAccount

    /// The handle the DID's document claims (its first `at://` name), unchecked: a
    /// candidate for `verify`, for an OAuth sign-in started from a server name, where
    /// no handle was typed. Nil when there is none or the document cannot be had.
    func claimedHandle(of did: DID) async -> Handle?
}

extension IdentityResolving {
    /// Fakes that know no documents claim no handle.
    package func claimedHandle(of did: DID) async -> Handle? { nil }
}

/// The outcome of identity resolution.
package struct LocatedAccount: Sendable, Equatable {
    package var did: DID?
    package var pdsURL: String
    /// The directory has no document for the DID and an operator-trusted PDS was taken
    /// at its word (`ResolvedIdentity.vouchedForByOperator`).
    package var vouchedForByOperator: Bool

    package init(did: DID?, pdsURL: String, vouchedForByOperator: Bool = false) {
        self.did = did
        self.pdsURL = pdsURL
        self.vouchedForByOperator = vouchedForByOperator
    }
}
