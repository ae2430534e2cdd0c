package import DNSResolver

/// Finds the DID behind a handle, the ways the atproto handle spec describes: the DNS
/// TXT record `_atproto.<handle>` (`did=<did>`) and `https://<handle>/.well-known/atproto-did`,
/// asked in parallel; if neither answers, `com.atproto.identity.resolveHandle` on the
/// configured resolver.
///
/// Only `did:plc` and `did:web` answers count (`DID.isResolvable`), so garbage, HTML pages,
/// overlong text or other DID methods are treated as no answer. If DNS and HTTPS both
/// answer and disagree, DNS wins and the other DID is recorded in the result. The
/// handle is not trusted yet: the DID document must claim it back (`IdentityResolver`).
package struct HandleResolver: Sendable {
    /// Builds the well-known URL for a handle; tests point it at a stand-in.
    package typealias WellKnownURL = @Sendable (_ handle: String) -> String

    /// The production URL: `https://<handle>/.well-known/atproto-did`.
    package static let httpsWellKnownURL: WellKnownURL = { "https://\($0)/.well-known/atproto-did" }

    /// A DID is at most a few hundred bytes; a `resolveHandle` reply little more.
    static let maxAnswerBytes = 4096

    let http: OutboundHTTP
    let dns: DNSTXTResolver
    let resolverURL: String
    let wellKnownURL: WellKnownURL
    /// Bounds each HTTP request (DNS has its own timeout).
    let timeout: Duration
    /// The configured resolver is one upstream for every handle that DNS and HTTPS do not
    /// answer: while it is down, made-up handles must not each cost a call to it.
    let resolverBreaker: CircuitBreaker

    package init(
        http: OutboundHTTP, dns: DNSTXTResolver, resolverURL: String,
        wellKnownURL: @escaping WellKnownURL = HandleResolver.httpsWellKnownURL, timeout: Duration = .seconds(5)
    ) {
        self.http = http
        self.dns = dns
        self.resolverURL = resolverURL
        self.wellKnownURL = wellKnownURL
        self.timeout = timeout
        resolverBreaker = CircuitBreaker(host: resolverURL)
    }

    /// The DID of `input` (a handle as typed: spaces, `@` and capitals are fine).
    package func resolve(_ input: String) async throws(IdentityError) -> HandleResolution {
        guard let handle = Handle(input) else { throw .invalidHandle }
        return try await resolve(handle)
    }

    /// The DID of `handle`; reserved top-level domains are not looked up.
    package func resolve(_ handle: Handle) async throws(IdentityError) -> HandleResolution {
        guard handle.isResolvable else { throw .handleNotFound(handle.rawValue) }
        async let fromDNS = dnsAnswer(for: handle)
        async let fromWeb = wellKnownAnswer(for: handle)
        let (dnsAnswer, webAnswer) = await (fromDNS, fromWeb)
        if let did = dnsAnswer.did {
            let other = webAnswer.did.flatMap { $0 == did ? nil : $0 }
            return HandleResolution(did: did, method: .dns, conflictingDID: other)
        }
        if let did = webAnswer.did {
            return HandleResolution(did: did, method: .wellKnown)
        }
        guard resolverBreaker.mayCall() else {
            throw .unreachable(service: "The handle resolver", cause: .transport(.upstreamDown(host: resolverBreaker.host)))
        }
        do {
            let found = try await resolveThroughService(handle, baseURL: resolverURL, serviceName: "The handle resolver", method: .resolver)
            resolverBreaker.record(upstreamFailed: false)
            return found
        } catch {
            if case .unreachable = error { resolverBreaker.record(upstreamFailed: true) } else { resolverBreaker.record(upstreamFailed: false) }
            throw error
        }
    }
}
