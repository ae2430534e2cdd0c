/// Checking a session against the account's identity, after the PDS has issued it.
extension IdentityResolver: AccountVerifying {
    /// Checks that `did` lives on `pdsURL` (the PDS that issued its session) and that
    /// `handle`, when the session has one, is really that account's: the DID's document
    /// must name `pdsURL` as its PDS and claim the handle, and the handle must resolve
    /// back to the DID. Without a document, only a PDS the operator trusts is believed
    /// (and its handle is then taken as it says).
    package func verify(did: DID, handle: Handle?, pdsURL: String) async throws(IdentityError) -> VerifiedAccount {
        let pds = PDSAddress.canonical(pdsURL) ?? pdsURL
        let document: DIDDocument
        do {
            document = try await dids.document(for: did)
        } catch {
            guard trustedPDSes.contains(pds), error.meansNoDocument else { throw error }
            return VerifiedAccount(did: did, handle: handle, pdsURL: pds, vouchedForByOperator: true)
        }
        let named = try? documentPDS(document, of: did)
        guard named == pds else { throw .pdsMismatch(did: did.rawValue, documentPDS: named) }
        guard let handle else { return VerifiedAccount(did: did, handle: nil, pdsURL: pds, vouchedForByOperator: false) }
        guard document.claims(handle: handle) else { throw .handleMismatch(handle: handle.rawValue, did: did.rawValue) }
        let resolved: HandleResolution
        do {
            resolved = try await handles.resolve(handle)
        } catch {
            if case .unreachable = error { throw error }
            throw .handleMismatch(handle: handle.rawValue, did: did.rawValue)
        }
        guard resolved.did == did else { throw .handleMismatch(handle: handle.rawValue, did: did.rawValue) }
        return VerifiedAccount(did: did, handle: handle, pdsURL: pds, vouchedForByOperator: false)
    }
}
