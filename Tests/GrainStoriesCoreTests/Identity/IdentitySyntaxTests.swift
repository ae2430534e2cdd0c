@testable import GrainStoriesCore
import Testing

@Suite struct HandleSyntaxTests {
    @Test func typedHandlesAreNormalised() {
        #expect(HandleSyntax.normalised("  @Alice.Bsky.Social ") == "alice.bsky.social")
        #expect(HandleSyntax.normalised("xn--bcher-kva.test") == "xn--bcher-kva.test")
        #expect(HandleSyntax.normalised("4chan.org") == "4chan.org")
    }

    @Test func limitsAreInclusive() {
        let longest = "shoooort" + String(repeating: ".loooooooooooooooooooooooooong", count: 8) + ".test"
        #expect(longest.utf8.count == 253)
        #expect(HandleSyntax.normalised(longest) == longest)
        #expect(HandleSyntax.normalised("short.\(String(repeating: "o", count: 63)).test") != nil)
    }

    @Test func invalidHandlesAreRefused() {
        let invalid = [
            "", "@", "alice", "alice.", ".alice.test", "alice..test", "-alice.test", "alice-.test", "alice.1test",
            "al ice.test", "al_ice.test", "alice.test/x", "bücher.test", "alice@test.com", "did:plc:abc",
            "short.\(String(repeating: "o", count: 64)).test", String(repeating: "a.", count: 127) + "test",
        ]
        for handle in invalid {
            #expect(HandleSyntax.normalised(handle) == nil, "\(handle)")
        }
    }

    @Test func reservedTopLevelDomainsAreNotLookedUp() {
        for handle in ["laptop.local", "x.arpa", "a.localhost", "a.internal", "a.example", "a.onion", "a.alt", "a.invalid"] {
            #expect(HandleSyntax.normalised(handle) != nil)
            #expect(!HandleSyntax.isResolvable(handle), "\(handle)")
        }
        #expect(HandleSyntax.isResolvable("alice.test"))
        #expect(HandleSyntax.isResolvable("alice.bsky.social"))
    }
}

@Suite struct DIDSyntaxTests {
    @Test func plcDIDsHave24Base32Characters() {
        #expect(DIDSyntax.isPLC("did:plc:ewvi7nxzyoun6zhxrhs64oiz"))
        for did in ["did:plc:ewvi7nxzyoun6zhxrhs64oi", "did:plc:ewvi7nxzyoun6zhxrhs64oizz", "did:plc:EWVI7NXZYOUN6ZHXRHS64OIZ",
                    "did:plc:ewvi7nxzyoun6zhxrhs64oi1", "did:plc:", "did:plc:ewvi7nxzyoun6zhxrhs64oi%"] {
            #expect(!DIDSyntax.isSupported(did), "\(did)")
        }
    }

    @Test func webDIDsNameAHost() {
        #expect(DIDSyntax.webHost("did:web:Example.COM") == .init(host: "example.com", port: nil))
        #expect(DIDSyntax.webHost("did:web:localhost%3A8080") == .init(host: "localhost", port: 8080))
        #expect(DIDSyntax.webHost("did:web:localhost%3a2583") == .init(host: "localhost", port: 2583))
    }

    @Test func unusableWebDIDsAreRefused() {
        let refused = [
            "did:web:", "did:web:example.com:user:alice", "did:web:example.com%3A8080", "did:web:localhost%3A0",
            "did:web:localhost%3A65536", "did:web:localhost%3A", "did:web:localhost%3Aabc", "did:web:printer.local",
            "did:web:127.0.0.1", "did:web:exa mple.com", "did:web:" + String(repeating: "a", count: 300) + ".com",
        ]
        for did in refused {
            #expect(DIDSyntax.webHost(did) == nil, "\(did)")
        }
    }

    @Test func otherMethodsAndGarbageAreNotDIDs() {
        for text in ["did:evil:x", "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK", "did:", "did", "<html>", "",
                     String(repeating: "did:plc:", count: 400)] {
            #expect(!DIDSyntax.isSupported(text), "\(text)")
        }
    }
}

@Suite struct PDSAddressTests {
    @Test func httpsAddressesAreCanonicalised() throws {
        #expect(try PDSAddress.validated("https://PDS.Example.com/", insecureHosts: []) == "https://pds.example.com")
        #expect(try PDSAddress.validated(" pds.example.com ", insecureHosts: []) == "https://pds.example.com")
        #expect(try PDSAddress.validated("https://pds.example.com:8443", insecureHosts: []) == "https://pds.example.com:8443")
    }

    @Test func plainHTTPOnlyForInsecureHosts() throws {
        #expect(throws: PDSAddress.Problem.insecure("http://pds.example.com")) { try PDSAddress.validated("http://pds.example.com", insecureHosts: []) }
        #expect(try PDSAddress.validated("http://pds.lan:3000", insecureHosts: ["pds.lan"]) == "http://pds.lan:3000")
        #expect(try PDSAddress.validated("http://pds.lan:3000", insecureHosts: ["pds.lan:3000"]) == "http://pds.lan:3000")
        #expect(throws: PDSAddress.Problem.insecure("http://pds.lan:3001")) { try PDSAddress.validated("http://pds.lan:3001", insecureHosts: ["pds.lan:3000"]) }
    }

    @Test func addressesWithMoreThanAHostAreRefused() {
        let refused = [
            "", "   ", "ftp://pds.example.com", "https://user:secret@pds.example.com", "https://pds.example.com/xrpc",
            "https://pds.example.com/?a=b", "https://pds.example.com/#x", "https://", "javascript:alert(1)",
            "https://" + String(repeating: "a", count: 600) + ".com",
        ]
        for address in refused {
            #expect(throws: PDSAddress.Problem.invalid, "\(address)") { try PDSAddress.validated(address, insecureHosts: []) }
        }
    }
}
