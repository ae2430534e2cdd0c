import Foundation
import Testing

@testable import GrainSupport

/// `plainHost` must answer exactly what Foundation's `host` answers, for hosts that skip
/// ICU and for those that go through it.
@Suite struct URLComponentsPlainHostTests {
    static let urls = [
        "https://grain.social", "https://Example.COM/a", "http://127.0.0.1:9", "http://[::1]:8080/x", "http://[fe80::1%25eth0]/",
        "https://a_b.example/", "https://xn--bcher-kva.example/", "https://XN--BCHER-KVA.example/", "https://b%C3%BCcher.example/",
        "https://bücher.example/", "https://%41bc.example/", "https://user:pw@host.example:8443/p?q#f", "file:///etc/passwd",
        "https:///no-host", "mailto:someone@example.com", "https://xn--.example/", "https://xn--zz-bad.example/", "https://host.example.",
        "http://0x7f.1/", "https://ÄÖÜ.example/",
    ]

    @Test(arguments: urls) func itAnswersWhatHostAnswers(url: String) {
        let components = URLComponents(string: url)
        #expect(components?.plainHost == components?.host, "\(url)")
    }

    /// The hosts that skip ICU are the ones written plainly; the others are decoded.
    @Test func encodedHostsAreDecodedAsHostDecodesThem() throws {
        let idn = try #require(URLComponents(string: "https://xn--bcher-kva.example/"))
        #expect(idn.plainHost == "bücher.example")
        let escaped = try #require(URLComponents(string: "https://b%C3%BCcher.example/"))
        #expect(escaped.plainHost == "bücher.example")
    }
}
