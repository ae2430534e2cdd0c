import CurlHTTPClient
import Foundation

/// Fetches DID documents: `did:plc` from the PLC directory (`GET {plc}/{did}`),
/// `did:web` from `https://<host>/.well-known/did.json` (plain http only for hosts
/// the operator listed as insecure; `OutboundHTTP` refuses it for any other).
///
/// The document must name the DID that was asked for, so a directory or host cannot
/// hand out someone else's identity.
public struct DIDResolver: Sendable {
    /// Real documents are one or two KB; this leaves room for long alias and service
    /// lists while keeping a hostile answer small.
    static let maxDocumentBytes = 32 * 1024

    let http: OutboundHTTP
    let plcURL: String
    /// Bounds each request.
    let timeout: Duration

    public init(http: OutboundHTTP, plcURL: String, timeout: Duration = .seconds(5)) {
        self.http = http
        self.plcURL = plcURL.hasSuffix("/") ? String(plcURL.dropLast()) : plcURL
        self.timeout = timeout
    }

    /// The document of `did`, which must be a supported DID.
    public func document(for did: String) async throws(IdentityError) -> DIDDocument {
        let (url, serviceName) = try location(of: did)
        let response: HTTPClientResponse
        do {
            response = try await http.getIdentityDocument(url, accept: "application/did+json, application/json", maxBytes: Self.maxDocumentBytes, timeout: timeout)
        } catch {
            if case .transport(let failure) = error, failure.code == .responseTooLarge { throw .invalidDIDDocument(did) }
            throw .unreachable(service: serviceName, cause: .transport(error))
        }
        switch response.status {
        case 200: break
        case 404, 410: throw .didNotFound(did)  // 410: a deactivated did:plc
        case 500...: throw .unreachable(service: serviceName, cause: .status(response.status))
        default: throw .didNotFound(did)
        }
        guard let document = try? JSONDecoder().decode(DIDDocument.self, from: Data(response.body)), document.id == did else {
            throw .invalidDIDDocument(did)
        }
        return document
    }

    /// The document URL and, for messages, who serves it.
    func location(of did: String) throws(IdentityError) -> (url: String, serviceName: String) {
        if DIDSyntax.isPLC(did) {
            return ("\(plcURL)/\(did)", "The PLC directory")
        }
        guard let web = DIDSyntax.webHost(did) else { throw .unsupportedDID }
        let authority = web.host + (web.port.map { ":\($0)" } ?? "")
        let insecure = http.insecureHosts.contains(web.host) || http.insecureHosts.contains(authority)
        return ("\(insecure ? "http" : "https")://\(authority)/.well-known/did.json", web.host)
    }
}
