import Testing

@testable import ATProto

/// What the server agrees to fetch at all, before the HTTP client's address policy.
@Suite struct OutboundURLTests {
    @Test(arguments: [
        "https://bsky.social/xrpc/com.atproto.server.describeServer",
        "HTTPS://CDN.Grain.Social/img/a.jpg",
        "https://pds.example:8443/",
    ])
    func httpsIsFetched(_ text: String) throws {
        let url = try #require(OutboundURL(text, insecureHosts: []))
        #expect(url.text == text)
        #expect(url.scheme == "https")
        #expect(url.host == url.host.lowercased())
    }

    @Test(arguments: [
        "http://bsky.social/",  // plain HTTP to a host nobody allowed
        "ftp://example.com/file", "file:///etc/passwd", "gopher://example.com/",
        "https://user:pass@example.com/",  // credentials in the URL
        "https://user@example.com/",
        "https:///no-host", "/relative/path", "example.com",
        "https://example.com/a b", "https://example.com/\r\nX-Injected: 1", "https://exa\tmple.com/",
        "https://example.com/" + String(repeating: "a", count: 4100),
    ])
    func everythingElseIsRefused(_ text: String) {
        #expect(OutboundURL(text, insecureHosts: []) == nil)
    }

    @Test func plainHTTPOnlyForTheHostsTheOperatorListed() throws {
        let insecure: Set<String> = ["pds.lan", "127.0.0.1:2583"]
        let lan = try #require(OutboundURL("http://PDS.lan/xrpc", insecureHosts: insecure))
        #expect(lan.isInsecureHost(insecure))
        let local = try #require(OutboundURL("http://127.0.0.1:2583/", insecureHosts: insecure))
        #expect(local.port == 2583)
        #expect(local.isInsecureHost(insecure))
        // A listed host:port allows that port only.
        #expect(OutboundURL("http://127.0.0.1:8080/", insecureHosts: insecure) == nil)
        #expect(OutboundURL("http://127.0.0.1/", insecureHosts: insecure) == nil)
        // HTTPS to a listed host is fine and still counts as the operator's LAN host.
        #expect(try #require(OutboundURL("https://pds.lan/", insecureHosts: insecure)).isInsecureHost(insecure))
        #expect(try #require(OutboundURL("https://bsky.social/", insecureHosts: insecure)).isInsecureHost(insecure) == false)
    }
}
