import CurlHTTPClient

extension OutboundHTTP {
    /// A GET for a small identity answer (a DID, a DID document, a `resolveHandle`
    /// reply): the size cap stops a hostile server from making this server read more
    /// than `maxBytes`, and `timeout` bounds the whole request.
    func getIdentityDocument(_ url: String, accept: String, maxBytes: Int, timeout: Duration) async throws(OutboundError) -> HTTPClientResponse {
        try await send(
            HTTPClientRequest(
                method: "GET", url: url, headers: HTTPHeaders([("Accept", accept)]),
                timeout: timeout, maxResponseBytes: maxBytes
            ))
    }
}
