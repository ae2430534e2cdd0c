package import ATProto
package import OAuthClient

/// Whether an OAuth session may go on acting after its grant was renewed: the checks
/// of signing in, made again, as an app password's session is checked at every refresh
/// (`AppPasswordAuthorizer`). The account's DID is resolved afresh; its document must
/// still name the grant's PDS, that PDS's protected-resource metadata must still name
/// the grant's authorization server (the issuer that just renewed the tokens), and the
/// handle the document claims must resolve back to the DID.
///
/// Outcomes, as for app passwords: a document that names another PDS, or no longer
/// exists, or a PDS now protected by another issuer, ends the session; while the
/// directory, the PDS or the handle's host cannot be reached nothing is decided (the
/// session waits and is checked again before it acts); a handle that no longer checks
/// out both ways is dropped (the account is shown by its DID) rather than ending it.
package struct OAuthIdentityCheck: Sendable {
    /// What the check found.
    package enum Outcome: Sendable {
        /// The account still lives where the grant acts; its handle checked both ways
        /// (nil when none does).
        case verified(handle: Handle?)
        /// The session must end: why, for the log.
        case ended(String)
        /// It could not be found out just now: the failure to report (the directory's
        /// `.identity`, or the PDS's metadata out of reach as `.local(OAuthError)`, as a
        /// renewal the authorization server does not answer is reported).
        case undecided(PDSCallFailure)
    }

    let identity: any IdentityResolving
    let client: OAuthClient

    package init(identity: any IdentityResolving, client: OAuthClient) {
        self.identity = identity
        self.client = client
    }

    /// Checks `grant`'s account as the type's note says.
    package func check(_ grant: OAuthGrant) async -> Outcome {
        let handle: Handle?
        do throws(IdentityError) {
            handle = try await verifiedHandle(grant)
        } catch {
            if case .unreachable = error { return .undecided(.identity(error)) }
            return .ended(error.description)
        }
        // The grant's issuer was checked against its own metadata at sign-in; what can
        // change is which server the PDS names.
        let issuer: String
        do throws(OAuthError) {
            issuer = try await client.authorizationServerOrigin(forPDS: grant.pdsURL)
        } catch {
            if case .unreachable = error { return .undecided(.local(error)) }
            return .ended(error.description)
        }
        guard issuer == grant.server.issuer else {
            return .ended("\(grant.pdsURL) is now protected by \(issuer), not \(grant.server.issuer)")
        }
        return .verified(handle: handle)
    }

    /// The handle the account's document claims, checked both ways on the grant's PDS;
    /// nil when it does not check out. Throws when the document does not name that PDS.
    private func verifiedHandle(_ grant: OAuthGrant) async throws(IdentityError) -> Handle? {
        let claimed = await identity.claimedHandle(of: grant.did)
        do {
            return try await identity.verify(did: grant.did, handle: claimed, pdsURL: grant.pdsURL).handle
        } catch {
            guard case .handleMismatch = error else { throw error }
            return try await identity.verify(did: grant.did, handle: nil, pdsURL: grant.pdsURL).handle
        }
    }
}
