import Testing

@testable import ATProto

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
