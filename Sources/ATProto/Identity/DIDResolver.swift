import CurlHTTPClient
import FoundationEssentials

/// Fetches DID documents: `did:plc` from the PLC directory (`GET {plc}/{did}`),
/// `did:web` from `https://<host>/.well-known/did.json` (plain http only for hosts
/// the operator listed as insecure; `OutboundHTTP` refuses it for any other).
///
/// The document must name the DID that was asked for, so a directory or host cannot
/// hand out someone else's identity.
package struct DIDResolver: Sendable {
    /// Real documents are one or two KB; this leaves room for long alias and service
    /// lists while keeping a hostile answer small.
    static let maxDocumentBytes = 32 * 1024

    let http: OutboundHTTP
    let plcURL: String
    /// Bounds each request.
    let timeout: Duration
    /// The PLC directory is one upstream for every `did:plc`: while it is down, made-up
    /// DIDs must not each cost a call to it (`did:web` hosts are each their own).
    let directoryBreaker: CircuitBreaker
    /// `did:plc`s the directory said it does not know, for a short while (`UnknownDIDs`).
    let unknown: UnknownDIDs
    /// How long the directory's "no such DID" is believed without asking again.
    package static let unknownDIDLifetime: Duration = .seconds(120)

    package init(
        http: OutboundHTTP, plcURL: String, timeout: Duration = .seconds(5),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.http = http
        self.plcURL = plcURL.hasSuffix("/") ? String(plcURL.dropLast()) : plcURL
        self.timeout = timeout
        directoryBreaker = CircuitBreaker(host: self.plcURL, now: now)
        unknown = UnknownDIDs(lifetime: Self.unknownDIDLifetime, now: now)
    }

    /// The document of `did`, which must be a supported DID.
    ///
    /// `.didNotFound` only when the directory (or the `did:web` host) answered that there
    /// is no such DID (404, or 410 for a deactivated one): the one answer that may let an
    /// operator-trusted PDS speak for the account (`IdentityError.meansNoDocument`).
    /// Anything that is no answer (no connection, a timeout, a 5xx, a 429, the breaker
    /// open) is `.unreachable`, and any other answer `.invalidDIDDocument`.
    package func document(for did: DID) async throws(IdentityError) -> DIDDocument {
        let (url, serviceName) = try location(of: did)
        let isPLC = did.resolvableMethod == .plc
        if isPLC, unknown.contains(did.rawValue) { throw .didNotFound(did.rawValue) }
        let breaker = isPLC ? directoryBreaker : nil
        if let breaker, !breaker.mayCall() {
            throw .unreachable(service: serviceName, cause: .transport(.upstreamDown(host: breaker.host)))
        }
        let response: HTTPClientResponse
        do {
            response = try await http.getIdentityDocument(
                url, accept: "application/did+json, application/json", maxBytes: Self.maxDocumentBytes, timeout: timeout)
        } catch {
            if case .transport(let failure) = error, failure.code == .responseTooLarge {
                breaker?.record(upstreamFailed: false)
                throw .invalidDIDDocument(did.rawValue)
            }
            breaker?.record(upstreamFailed: true)
            throw .unreachable(service: serviceName, cause: .transport(error))
        }
        breaker?.record(upstreamFailed: response.status >= 500 || response.status == 429)
        switch response.status {
        case 200: break
        case 404, 410:  // 410: a deactivated did:plc
            if isPLC { unknown.insert(did.rawValue) }
            throw .didNotFound(did.rawValue)
        case 429, 500...: throw .unreachable(service: serviceName, cause: .status(response.status))
        default: throw .invalidDIDDocument(did.rawValue)
        }
        guard let document = try? JSONDecoder().decode(DIDDocument.self, from: Data(response.body)), document.id == did.rawValue else {
            throw .invalidDIDDocument(did.rawValue)
        }
        return document
    }

    /// The document URL and, for messages, who serves it.
    func location(of did: DID) throws(IdentityError) -> (url: String, serviceName: String) {
        let web: DID.WebHost
        switch did.resolvableMethod {
        case .plc: return ("\(plcURL)/\(did.rawValue)", "The PLC directory")
        case .web(let host): web = host
        case nil: throw .unsupportedDID
        }
        let authority = web.host + (web.port.map { ":\($0)" } ?? "")
        let insecure = http.insecureHosts.contains(web.host) || http.insecureHosts.contains(authority)
        return ("\(insecure ? "http" : "https")://\(authority)/.well-known/did.json", web.host)
    }
}
