import CurlHTTPClient
import DNSResolver
import FoundationEssentials
import GrainSupport

/// What one lookup method found for a handle.
enum HandleLookupAnswer: Equatable {
    case did(DID)
    /// The method has nothing for this handle (no record, 404, no such host).
    case nothing
    /// An answer that is not a usable DID; `reason` is for logs and tests.
    case invalid(String)
    /// The method could not be completed (timeout, server failure).
    case unreachable(String)

    var did: DID? {
        if case .did(let did) = self { return did }
        return nil
    }
}

extension HandleResolver {
    /// The `_atproto.<handle>` TXT records: exactly one distinct supported DID among the
    /// `did=` records, or none (several different DIDs make the record unusable, as the
    /// spec says).
    func dnsAnswer(for handle: Handle) async -> HandleLookupAnswer {
        let records: [String]
        do {
            records = try await dns.txtRecords("_atproto.\(handle)")
        } catch {
            return error.isTransient ? .unreachable(error.description) : .invalid(error.description)
        }
        let claimed = records.filter { $0.hasPrefix("did=") }.map { String($0.dropFirst(4)) }
        guard !claimed.isEmpty else { return .nothing }
        let supported = Set(claimed.compactMap { DID($0) }.filter(\.isResolvable))
        guard supported.count == 1, let did = supported.first else {
            return .invalid(supported.isEmpty ? "no supported DID in the TXT record" : "TXT records name different DIDs")
        }
        return .did(did)
    }

    /// `GET <well-known URL>`: a 200 whose body, trimmed, is a supported DID.
    func wellKnownAnswer(for handle: Handle) async -> HandleLookupAnswer {
        let response: HTTPClientResponse
        do {
            response = try await http.getIdentityDocument(wellKnownURL(handle.rawValue), accept: "text/plain", maxBytes: Self.maxAnswerBytes, timeout: timeout)
        } catch {
            guard case .transport(let failure) = error else { return .nothing }
            switch failure.code {
            case .timedOut: return .unreachable(failure.description)
            case .responseTooLarge: return .invalid("the answer is too large for a DID")
            default: return .nothing  // no such host, nothing listening, no TLS: not a handle host
            }
        }
        guard response.status == 200 else {
            return response.status >= 500 ? .unreachable("HTTP \(response.status)") : .nothing
        }
        return Self.didAnswer(fromText: response.body)
    }

    /// The body of a well-known answer as a DID, if that is all it is.
    static func didAnswer(fromText body: [UInt8]) -> HandleLookupAnswer {
        guard let text = String(validating: body, as: UTF8.self) else { return .invalid("the answer is not text") }
        let trimmed = text.trimmingWhitespaceAndNewlines()
        guard let did = DID(trimmed), did.isResolvable else { return .invalid("the answer is not a supported DID") }
        return .did(did)
    }

    /// `com.atproto.identity.resolveHandle` on `baseURL`: the configured resolver, or
    /// the PDS a person named (which knows its own accounts).
    func resolveThroughService(
        _ handle: Handle, baseURL: String, serviceName: String, method: HandleResolution.Method
    ) async throws(IdentityError) -> HandleResolution {
        let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        let url = "\(base)/xrpc/com.atproto.identity.resolveHandle?handle=\(PercentEncoding.encodeComponent(handle.rawValue))"
        let response: HTTPClientResponse
        do {
            response = try await http.getIdentityDocument(url, accept: "application/json", maxBytes: Self.maxAnswerBytes, timeout: timeout)
        } catch {
            throw .unreachable(service: serviceName, cause: .transport(error))
        }
        switch response.status {
        case 200:
            guard let answer = try? JSONDecoder().decode(ResolveHandleOutput.self, from: Data(response.body)),
                answer.did.isResolvable
            else { throw .handleNotFound(handle.rawValue) }
            return HandleResolution(did: answer.did, method: method)
        case 400, 404:
            throw .handleNotFound(handle.rawValue)  // "Unable to resolve handle"
        default:
            throw .unreachable(service: serviceName, cause: .status(response.status))
        }
    }

    /// `{"did": "…"}`.
    private struct ResolveHandleOutput: Decodable {
        let did: DID
    }
}
