import Foundation
import TestKit
import Testing

@testable import GrainSupport
@testable import Presentation
@testable import Social
@testable import Viewing

@Suite struct MediaURLSignerTests {
    let signer = MediaURLSigner(key: Array(repeating: 7, count: 32), insecureHosts: ["127.0.0.1"])
    let avatar =
        "https://cdn.grain.social/vY6km_3Fyhw0kFNN8tPLu7gAS4VRG99l_5sbM8a4hRE/avatar/plain/did:plc:hbrpoigf3cbfnobm2o4rak3v/bafkreigafqfzmxqchk7oqchswvenrvizhkfvekn6n4ysdjxrnywudjcjwm"

    private func parts(_ path: String) -> (String, String) {
        let pieces = path.split(separator: "/")
        return (String(pieces[1]), String(pieces[2]))
    }

    @Test func signedPathsResolveBackToTheirURL() throws {
        let path = try #require(signer.path(for: avatar))
        #expect(path.hasPrefix("/media/"))
        let (signature, encoded) = parts(path)
        #expect(signer.url(signature: signature, encodedURL: encoded) == avatar)
    }

    @Test func tamperedOrForeignSignaturesAreRefused() throws {
        let path = try #require(signer.path(for: avatar))
        let (signature, encoded) = parts(path)
        let other = Base64URL.encode(Array("https://evil.example/x".utf8))
        #expect(signer.url(signature: signature, encodedURL: other) == nil)
        #expect(signer.url(signature: String(signature.reversed()), encodedURL: encoded) == nil)
        #expect(signer.url(signature: "", encodedURL: encoded) == nil)
        #expect(signer.url(signature: signature, encodedURL: "%%%") == nil)
        let otherKey = MediaURLSigner(key: Array(repeating: 8, count: 32))
        #expect(otherKey.url(signature: signature, encodedURL: encoded) == nil)
    }

    @Test(arguments: [
        "javascript:alert(1)", "data:image/png;base64,AAAA", "http://cdn.example/x", "ftp://cdn.example/x",
        "https://user:pass@cdn.example/x", "//cdn.example/x", "/relative", "https://", "https://a b/x", "file:///etc/passwd",
    ])
    func urlsWeWillNotFetchGetNoPath(url: String) {
        #expect(signer.path(for: url) == nil)
    }

    @Test func insecureHostsMayUsePlainHTTP() {
        #expect(signer.path(for: "http://127.0.0.1:8123/img/a.jpg") != nil)
        #expect(signer.path(for: "http://127.0.0.2/img/a.jpg") == nil)
    }

    /// RFC 4648 §10 vectors without padding, plus bytes that use the URL-safe letters.
    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
    ])
    func base64URLMatchesTheStandardVectors(input: String, expected: String) {
        #expect(Base64URL.encode(Array(input.utf8)) == expected)
    }

    @Test func base64URLUsesDashAndUnderscore() {
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.encode([0xFB, 0xEF, 0xBE]) == "----")
        #expect(Base64URL.encode([0xFF, 0xFF, 0xFF]) == "____")
        #expect(Base64URL.encode([0x00]) == "AA")
    }

    @Test func signingTheSameURLAgainGivesTheSamePath() throws {
        let first = try #require(signer.path(for: avatar))
        #expect(signer.path(for: avatar) == first)
        #expect(MediaURLSigner(key: Array(repeating: 7, count: 32)).path(for: avatar) == first)
        #expect(signer.path(for: "javascript:alert(1)") == nil)
        #expect(signer.path(for: "javascript:alert(1)") == nil)
    }

    @Test func base64URLRoundTripsAndRejectsJunk() {
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 37 + 250) }
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
        #expect(Base64URL.decode("ab+/") == nil)
        #expect(Base64URL.decode("a") == nil)
        #expect(Base64URL.decode("ab=") == nil)
    }

    /// The byte-level decoder accepts and gives exactly what Foundation's base64 decoder
    /// (which it replaced) gave for the same text, non-canonical last characters included.
    @Test func base64URLDecodesAsFoundationDid() {
        func foundation(_ text: String) -> [UInt8]? {
            guard Base64URL.isAlphabetOnly(text) else { return nil }
            var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            switch base64.utf8.count % 4 {
            case 2: base64 += "=="
            case 3: base64 += "="
            case 1: return nil
            default: break
            }
            return Data(base64Encoded: base64).map(Array.init)
        }
        let characters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var random = SplitMix64(seed: 0x5EED)
        func next() -> Int { Int(truncatingIfNeeded: random.next() >> 33) }
        for _ in 0..<3000 {
            var text = String((0..<(next() % 48)).map { _ in characters[next() % characters.count] })
            if next() % 10 == 0 {
                text.insert(["=", "+", "/", " ", "é", "%"][next() % 6], at: text.index(text.startIndex, offsetBy: next() % (text.count + 1)))
            }
            #expect(Base64URL.decode(text) == foundation(text), "\(text)")
        }
    }

    @Test func aPathThatCheckedOutIsRememberedAndAForgedOneNever() throws {
        let path = try #require(signer.path(for: avatar))
        let (signature, encoded) = parts(path)
        for _ in 0..<3 { #expect(signer.url(signature: signature, encodedURL: encoded) == avatar) }
        // The first character carries six bits of the signature (the last one's low bits
        // are unused, as in any unpadded base64).
        let forged = (signature.hasPrefix("A") ? "B" : "A") + String(signature.dropFirst())
        for _ in 0..<3 { #expect(signer.url(signature: forged, encodedURL: encoded) == nil) }
        #expect(signer.url(signature: signature, encodedURL: encoded) == avatar)
    }

    /// Photos this server holds for just-posted stories keep their own path; draft ids
    /// are base64url, so `-` and `_` must pass, and nothing that could leave the folder.
    @Test func localPhotoPathsPassThroughOnlyWhenTheyAreDraftIDs() {
        for id in ["V9Ti7WmYrVUTzesTl5dbi2", "a_b-c_d", "___"] {
            #expect(signer.path(for: "/local-photos/\(id)") == "/local-photos/\(id)")
        }
        for bad in ["/local-photos/", "/local-photos/../secret", "/local-photos/a/b", "/local-photos/a%2Fb", "/local-photos/é"] {
            #expect(signer.path(for: bad) == nil, "\(bad)")
        }
    }
}
