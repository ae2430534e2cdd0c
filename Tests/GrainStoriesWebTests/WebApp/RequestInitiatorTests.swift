import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb

/// Who made a post that carries no form token, decided from what only a browser can
/// say: Fetch Metadata first, then the Origin, and any other origin named is another site.
@Suite struct RequestInitiatorTests {
    static func request(_ headers: [(String, String)], host: String = "stories.lan:8080") -> HTTPRequest {
        HTTPRequest(method: .post, target: "/share", headers: HTTPHeaders([("Host", host)] + headers))
    }

    static let cases: [(String, [(String, String)], RequestInitiator)] = [
        // What Chromium sends for the share sheet's navigation: started by the browser.
        ("the share sheet", [("Sec-Fetch-Site", "none"), ("Sec-Fetch-Mode", "navigate"), ("Origin", "null")], .browserOrThisSite),
        ("the share sheet without an Origin", [("Sec-Fetch-Site", "none")], .browserOrThisSite),
        ("a page of this site", [("Sec-Fetch-Site", "same-origin"), ("Origin", "http://stories.lan:8080")], .browserOrThisSite),
        ("another site's form", [("Sec-Fetch-Site", "cross-site"), ("Origin", "https://evil.example")], .anotherSite),
        ("another site that hides its origin", [("Sec-Fetch-Site", "cross-site")], .anotherSite),
        ("a sibling host or port", [("Sec-Fetch-Site", "same-site"), ("Origin", "http://stories.lan:9090")], .anotherSite),
        ("a page naming another origin, whatever else it says", [("Sec-Fetch-Site", "none"), ("Origin", "https://evil.example")], .anotherSite),
        ("an older browser on this site", [("Origin", "http://stories.lan:8080")], .browserOrThisSite),
        ("an older browser on another site", [("Origin", "https://evil.example")], .anotherSite),
        ("an older browser in a sandboxed frame", [("Origin", "null")], .anotherSite),
        ("no word from any browser", [], .anotherSite),
        ("a made-up fetch site", [("Sec-Fetch-Site", "trust-me")], .anotherSite),
    ]

    @Test(arguments: cases)
    func eachKindOfRequestIsToldApart(name: String, headers: [(String, String)], expected: RequestInitiator) {
        #expect(RequestInitiator(Self.request(headers)) == expected, "\(name)")
    }

    /// Behind a trusted proxy the origin is the one it forwarded: https and its host.
    @Test func behindAProxyTheForwardedOriginIsThisSite() {
        let forwarded = Self.request([("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "stories.example.org")], host: "127.0.0.1:8080")
        #expect(RequestInitiator.ownOrigin(of: forwarded) == "https://stories.example.org")
        var same = forwarded
        same.headers.add("Origin", "https://stories.example.org")
        #expect(RequestInitiator(same) == .browserOrThisSite)
        var plain = forwarded
        plain.headers.add("Origin", "http://stories.example.org")
        #expect(RequestInitiator(plain) == .anotherSite, "the same host over plain http is another origin")
    }
}
