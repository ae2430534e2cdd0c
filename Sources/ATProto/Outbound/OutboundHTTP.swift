package import CurlHTTPClient

/// Every request this server makes to another server goes through here.
///
/// URLs must pass `OutboundURL` (https, or http for hosts the operator listed as
/// insecure). Requests to ordinary hosts use a client that refuses private, loopback
/// and link-local addresses at connect time, so neither a URL from the network nor a
/// DNS answer can point the server at the inside of the home network; only the
/// operator's insecure hosts (a LAN PDS, test stand-ins) go through a client without
/// that rule.
package struct OutboundHTTP: Sendable {
    private let publicClient: HTTPClient
    private let lanClient: HTTPClient
    package let insecureHosts: Set<String>

    package init(userAgent: String, insecureHosts: Set<String>, maxResponseBytes: Int = 16 << 20) {
        var configuration = HTTPClientConfiguration(userAgent: userAgent, maxResponseBytes: maxResponseBytes)
        configuration.addressPolicy = .publicOnly
        publicClient = HTTPClient(configuration: configuration)
        configuration.addressPolicy = .any
        lanClient = HTTPClient(configuration: configuration)
        self.insecureHosts = insecureHosts
    }

    /// Sends `request` after checking its URL; refused URLs never leave the process.
    package func send(_ request: HTTPClientRequest) async throws(OutboundError) -> HTTPClientResponse {
        guard let target = OutboundURL(request.url, insecureHosts: insecureHosts) else {
            throw OutboundError.refusedURL
        }
        let client = target.isInsecureHost(insecureHosts) ? lanClient : publicClient
        do {
            return try await client.execute(request)
        } catch {
            throw OutboundError.transport(error)
        }
    }

    package func shutdown() async {
        await publicClient.shutdown()
        await lanClient.shutdown()
    }
}
