package import DNSResolver

/// Turns what a person types at sign-in (a handle or a DID, and optionally their PDS
/// address) into a DID and a PDS URL that is safe to send an app password to, and checks
/// afterwards that the session really belongs to that account (`verify`).
///
/// Discovery: handle → DID (`HandleResolver`), DID → document (`DIDResolver`),
/// document → PDS (`#atproto_pds`), then the PDS URL must pass `OutboundURL` (https,
/// or http to an operator-listed insecure host).
///
/// A PDS typed by hand never replaces the document: the document must name that PDS.
/// Only a PDS the operator listed as trusted (`trustedPDSes`, for a PDS on the LAN whose
/// accounts' identities cannot be resolved from here) is taken at its word, and only
/// when the directory answers that the account has no document at all (404); a document
/// that names another PDS is believed over any configuration, and while the directory
/// cannot be reached nothing is believed (the sign-in fails with "try again"), since an
/// outage is exactly when a lying trusted PDS could otherwise speak for anyone. Anything
/// else would let whoever runs a PDS sign in here as any DID they like.
///
/// Every request is bounded by its timeout, so a whole resolution takes at most about
/// two HTTP timeouts plus the slower of the DNS and well-known lookups.
package struct IdentityResolver: Sendable {
    package let handles: HandleResolver
    package let dids: DIDResolver
    let insecureHosts: Set<String>
    /// Canonical PDS URLs (`scheme://host[:port]`) the operator vouches for.
    let trustedPDSes: Set<String>

    package init(
        http: OutboundHTTP, dns: DNSTXTResolver, handleResolverURL: String, plcURL: String,
        wellKnownURL: @escaping HandleResolver.WellKnownURL = HandleResolver.httpsWellKnownURL,
        timeout: Duration = .seconds(5), trustedPDSes: Set<String> = [],
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        handles = HandleResolver(http: http, dns: dns, resolverURL: handleResolverURL, wellKnownURL: wellKnownURL, timeout: timeout)
        dids = DIDResolver(http: http, plcURL: plcURL, timeout: timeout, now: now)
        insecureHosts = http.insecureHosts
        self.trustedPDSes = Set(trustedPDSes.compactMap(IdentityResolver.canonicalPDS))
    }

    /// `scheme://host[:port]` for a PDS address an operator configures, or nil when it
    /// is not one (no scheme, a path, credentials, another scheme). Whether it may be
    /// reached (https, or http to an insecure host) is decided when it is used.
    package static func canonicalPDS(_ text: String) -> String? {
        text.contains("://") ? PDSAddress.canonical(text) : nil
    }

    /// Resolves `identifier` (a handle, `@handle`, `at://handle` or a DID). With
    /// `pdsOverride` (blank counts as absent) the PDS given must be the one the DID's
    /// document names, or a trusted one for an account whose document cannot be had.
    package func resolve(identifier: String, pdsOverride: String? = nil) async throws(IdentityError) -> ResolvedIdentity {
        let subject = try Subject(identifier)
        if let override = pdsOverride, override.contains(where: { !$0.isWhitespace }) {
            return try await resolve(subject, onPDS: override)
        }
        let (did, resolution) = try await did(of: subject)
        let document = try await dids.document(for: did)
        let pds = try documentPDS(document, of: did)
        let verified = subject.handle.map(document.claims(handle:)) ?? false
        return ResolvedIdentity(did: did, handle: subject.handle, handleVerified: verified, pdsURL: pds, handleResolution: resolution)
    }

    /// The DID behind what was entered, and how a handle became it.
    private func did(of subject: Subject) async throws(IdentityError) -> (DID, HandleResolution?) {
        switch subject {
        case .did(let did): return (did, nil)
        case .handle(let handle):
            let found = try await handles.resolve(handle)
            return (found.did, found)
        }
    }

    /// The document's PDS, checked as a URL.
    func documentPDS(_ document: DIDDocument, of did: DID) throws(IdentityError) -> String {
        guard let endpoint = document.pdsEndpoint(for: did) else { throw .noPDS(did.rawValue) }
        do {
            return try PDSAddress.validated(endpoint, insecureHosts: insecureHosts)
        } catch {
            switch error {
            case .invalid: throw .noPDS(did.rawValue)
            case .insecure(let address): throw .insecurePDS(address)
            }
        }
    }

    /// The hand-given PDS, checked as a URL and against the account's document. A handle
    /// is resolved the usual ways first; only a trusted PDS is asked for it (a PDS
    /// resolves its own accounts' handles, but an untrusted one could name anyone).
    private func resolve(_ subject: Subject, onPDS override: String) async throws(IdentityError) -> ResolvedIdentity {
        let pds: String
        do {
            pds = try PDSAddress.validated(override, insecureHosts: insecureHosts)
        } catch {
            switch error {
            case .invalid: throw .invalidPDS
            case .insecure(let address): throw .insecurePDS(address)
            }
        }
        let trusted = trustedPDSes.contains(pds)
        let did: DID
        let resolution: HandleResolution?
        do {
            (did, resolution) = try await self.did(of: subject)
        } catch {
            guard trusted, case .handle(let handle) = subject else { throw error }
            let found = try await handles.resolveThroughService(handle, baseURL: pds, serviceName: "Your PDS", method: .pds)
            return ResolvedIdentity(did: found.did, handle: handle, handleVerified: false, pdsURL: pds, handleResolution: found)
        }
        let document: DIDDocument
        do {
            document = try await dids.document(for: did)
        } catch {
            guard trusted, error.meansNoDocument else { throw error }
            return ResolvedIdentity(
                did: did, handle: subject.handle, handleVerified: false, pdsURL: pds, handleResolution: resolution, vouchedForByOperator: true)
        }
        let named = try? documentPDS(document, of: did)
        guard named == pds else { throw .pdsMismatch(did: did.rawValue, documentPDS: named) }
        let verified = subject.handle.map(document.claims(handle:)) ?? false
        return ResolvedIdentity(did: did, handle: subject.handle, handleVerified: verified, pdsURL: pds, handleResolution: resolution)
    }
}

extension IdentityError {
    /// The directory answered that the account has no document: the only case in which
    /// a trusted PDS is taken at its word. Not a directory that could not be reached (an
    /// outage, or its breaker open) nor a document that could not be read or names no
    /// PDS: those say nothing about whether the account lives on that PDS.
    var meansNoDocument: Bool {
        if case .didNotFound = self { return true }
        return false
    }
}
