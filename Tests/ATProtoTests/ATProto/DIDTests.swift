import ATProto
import Foundation
import Testing

@Suite struct DIDTests {
    @Test func plcDIDsHave24Base32Characters() {
        #expect(DID(String("did:plc:ewvi7nxzyoun6zhxrhs64oiz"))?.resolvableMethod == .plc)
        for did in [
            "did:plc:ewvi7nxzyoun6zhxrhs64oi", "did:plc:ewvi7nxzyoun6zhxrhs64oizz", "did:plc:EWVI7NXZYOUN6ZHXRHS64OIZ",
            "did:plc:ewvi7nxzyoun6zhxrhs64oi1",
        ] {
            #expect(DID(did) != nil, "\(did) is DID syntax")
            #expect(DID(did)?.isResolvable == false, "\(did)")
        }
        #expect(DID(String("did:plc:")) == nil)
        #expect(DID(String("did:plc:ewvi7nxzyoun6zhxrhs64oi%")) == nil)
    }

    @Test func webDIDsNameAHost() {
        #expect(DID(String("did:web:Example.COM"))?.resolvableMethod == .web(.init(host: "example.com", port: nil)))
        #expect(DID(String("did:web:localhost%3A8080"))?.resolvableMethod == .web(.init(host: "localhost", port: 8080)))
        #expect(DID(String("did:web:localhost%3a2583"))?.resolvableMethod == .web(.init(host: "localhost", port: 2583)))
    }

    @Test func unusableWebDIDsAreNotResolvable() {
        let refused = [
            "did:web:example.com:user:alice", "did:web:example.com%3A8080", "did:web:localhost%3A0",
            "did:web:localhost%3A65536", "did:web:localhost%3Aabc", "did:web:printer.local",
            "did:web:127.0.0.1", "did:web:" + String(repeating: "a", count: 300) + ".com",
        ]
        for did in refused {
            #expect(DID(did) != nil, "\(did) is DID syntax")
            #expect(DID(did)?.isResolvable == false, "\(did)")
        }
    }

    @Test func otherMethodsAreDIDsThisServerCannotResolve() {
        for text in ["did:evil:x", "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK"] {
            #expect(DID(text)?.rawValue == text)
            #expect(DID(text)?.isResolvable == false)
        }
    }

    @Test func garbageIsNotADID() {
        for text in [
            "did:", "did", "did:web:", "did:web:exa mple.com", "did:Web:x", "did:plc:abc:", "did:plc:abc%", "<html>", "",
            "did:plc:a/b", "did:plc:a?b", String(repeating: "did:plc:", count: 400),
        ] {
            #expect(DID(text) == nil, "\(text)")
        }
    }

    @Test func jsonWithAMalformedDIDDoesNotDecode() throws {
        struct Holder: Decodable { let did: DID }
        let good = try JSONDecoder().decode(Holder.self, from: Data(#"{"did":"did:plc:ewvi7nxzyoun6zhxrhs64oiz"}"#.utf8))
        #expect(good.did.rawValue == "did:plc:ewvi7nxzyoun6zhxrhs64oiz")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Holder.self, from: Data(#"{"did":"did:plc:a b"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Holder.self, from: Data(#"{"did":7}"#.utf8)) }
    }
}
