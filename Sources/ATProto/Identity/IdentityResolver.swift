public import DNSResolver

/// Turns what a person types at sign-in (a handle or a DID, and optionally their PDS
/// address) into a DID and a PDS URL that is safe to send an app password to.
///
/// Discovery: handle → DID (`HandleResolver`), DID → document (`DIDResolver`),
/// document → PDS (`#atproto_pds`), then the PDS URL must pass `OutboundURL` (https,
/// or http to an operator-listed insecure host). A PDS typed by hand skips discovery
/// (for accounts whose identity cannot be found from here, such as a LAN PDS) but is
/// checked by the same rules; a handle is then turned into a DID by that PDS.
///
/// Every request is bounded by its timeout, so a whole resolution takes at most about
/// two HTTP timeouts plus the slower of the DNS and well-known lookups.
public struct IdentityResolver: Sendable {
    public let handles: HandleResolver
    public let dids: DIDResolver
    private let insecureHosts: Set<String>

    public init(
        http: OutboundHTTP, dns: DNSTXTResolver, handleResolverURL: String, plcURL: String,
        wellKnownURL: @escaping HandleResolver.WellKnownURL = HandleResolver.httpsWellKnownURL,
        timeout: Duration = .seconds(5)
    ) {
        handles = HandleResolver(http: http, dns: dns, resolverURL: handleResolverURL, wellKnownURL: wellKnownURL, timeout: timeout)
        dids = DIDResolver(http: http, plcURL: plcURL, timeout: timeout)
        insecureHosts = http.insecureHosts
    }

    /// Resolves `identifier` (a handle, `@handle`, `at://handle` or a DID). With
    /// `pdsOverride` (blank counts as absent) the PDS is the one given.
    public func resolve(identifier: String, pdsOverride: String? = nil) async throws(IdentityError) -> ResolvedIdentity {
        let subject = try Subject(identifier)
        if let override = pdsOverride, override.contains(where: { !$0.isWhitespace }) {
            return try await resolve(subject, onPDS: override)
        }
        let resolution: HandleResolution?
        let did: DID
        switch subject {
        case .did(let given):
            resolution = nil
            did = given
        case .handle(let handle):
            let found = try await handles.resolve(handle)
            resolution = found
            did = found.did
        }
        let document = try await dids.document(for: did)
        guard let endpoint = document.pdsEndpoint(for: did) else { throw .noPDS(did.rawValue) }
        let pds: String
        do {
            pds = try PDSAddress.validated(endpoint, insecureHosts: insecureHosts)
        } catch {
            switch error {
            case .invalid: throw .noPDS(did.rawValue)
            case .insecure(let address): throw .insecurePDS(address)
            }
        }
        let verified = subject.handle.map(document.claims(handle:)) ?? false
        return ResolvedIdentity(did: did, handle: subject.handle, handleVerified: verified, pdsURL: pds, handleResolution: resolution)
    }

    /// The hand-given PDS: checked, and asked for the handle's DID when a handle was
    /// entered (a PDS resolves its own accounts' handles).
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
        switch subject {
        case .did(let did):
            return ResolvedIdentity(did: did, handle: nil, handleVerified: false, pdsURL: pds, handleResolution: nil)
        case .handle(let handle):
            let found = try await handles.resolveThroughService(handle, baseURL: pds, serviceName: "Your PDS", method: .pds)
            return ResolvedIdentity(did: found.did, handle: handle, handleVerified: false, pdsURL: pds, handleResolution: found)
        }
    }
}
