import ATProtoTestKit
import CurlHTTPClient
import HTTPTestKit
import Testing

@testable import ATProto

/// Whole resolutions: identifier → DID → document → PDS.
@Suite struct IdentityResolverTests {
    static let alice = IdentityHarness.alice
    static let bob = IdentityHarness.bob

    @Test func handleResolvesToItsVerifiedPDS() async throws {
        try await IdentityHarness.with { harness in
            harness.publishTXT(Self.alice, for: "alice.test")
            harness.publishPLC(Self.alice, handles: ["alice.test"], pds: "http://127.0.0.1:2583/")
            let identity = try await harness.resolve("@alice.test").get()
            #expect(
                identity
                    == ResolvedIdentity(
                        did: DID(Self.alice)!, handle: "alice.test", handleVerified: true, pdsURL: "http://127.0.0.1:2583",
                        handleResolution: HandleResolution(did: DID(Self.alice)!, method: .dns)))
            #expect(harness.stand.requests(.plc) == [Self.alice])
        }
    }

    @Test func handleTheDocumentDoesNotClaimIsUnverified() async throws {
        try await IdentityHarness.with { harness in
            harness.stand.setWellKnown(.text(Self.alice), for: "mallory.test")
            harness.publishPLC(Self.alice, handles: ["alice.test"])
            let identity = try await harness.resolve("mallory.test").get()
            #expect(identity.did.rawValue == Self.alice)
            #expect(identity.handle == "mallory.test")
            #expect(!identity.handleVerified)
        }
    }

    @Test func didIdentifiersSkipHandleResolution() async throws {
        try await IdentityHarness.with { harness in
            harness.publishPLC(Self.alice, handles: ["alice.test"])
            let identity = try await harness.resolve(" \(Self.alice) ").get()
            #expect(
                identity == ResolvedIdentity(did: DID(Self.alice)!, handle: nil, handleVerified: false, pdsURL: harness.stand.baseURL, handleResolution: nil))
            #expect(harness.dns.queries.isEmpty)
            #expect(harness.stand.requests(.wellKnown).isEmpty)
            #expect(harness.stand.requests(.resolveHandle).isEmpty)
        }
    }

    @Test func didWebWithAPortIsFetchedFromItsHost() async throws {
        try await IdentityHarness.with { harness in
            let did = harness.stand.didWeb
            harness.stand.setDIDWebDocument(.json(StandInIdentityServer.didDocument(id: did, handles: ["web.test"], pds: "https://pds.example.com")))
            harness.stand.setWellKnown(.text(did), for: "web.test")
            let identity = try await harness.resolve("web.test").get()
            #expect(identity.did.rawValue == did)
            #expect(identity.pdsURL == "https://pds.example.com")
            #expect(identity.handleVerified)
            #expect(harness.stand.requests(.didWeb).count == 1)
        }
    }

    @Test func didWebOnAHostThatIsNotInsecureIsFetchedOverHTTPS() async throws {
        // localhost is not listed here, so the document URL is https and the plain-http
        // stand-in cannot answer it: unreachable, and nothing was served over http.
        try await IdentityHarness.with(timeout: .seconds(2), insecureHosts: ["127.0.0.1"]) { harness in
            harness.stand.setDIDWebDocument(.json(StandInIdentityServer.didDocument(id: harness.stand.didWeb, pds: "https://pds.example.com")))
            let result = try await harness.resolve(harness.stand.didWeb)
            guard case .failure(.unreachable) = result else {
                Issue.record("got \(result)")
                return
            }
            #expect(harness.stand.requests(.didWeb).isEmpty)
        }
    }

    @Test(arguments: [nil, "#bsky_chat"])
    func documentWithoutAPDSServiceIsNoPDS(serviceID: String?) async throws {
        try await IdentityHarness.with { harness in
            let document = StandInIdentityServer.didDocument(
                id: Self.alice, handles: ["alice.test"], pds: serviceID == nil ? nil : "https://pds.example.com", serviceID: serviceID ?? "")
            harness.stand.setPLCDocument(.json(document), for: Self.alice)
            await #expect(throws: IdentityError.noPDS(Self.alice)) { try await harness.resolve(Self.alice).get() }
        }
    }

    @Test(arguments: ["not a url", "ftp://pds.example.com", "https://pds.example.com/some/path", "https://user:pw@pds.example.com"])
    func unusablePDSEndpointIsNoPDS(endpoint: String) async throws {
        try await IdentityHarness.with { harness in
            harness.publishPLC(Self.alice, handles: [], pds: endpoint)
            await #expect(throws: IdentityError.noPDS(Self.alice)) { try await harness.resolve(Self.alice).get() }
        }
    }

    @Test func pdsOverPlainHTTPIsRefusedUnlessTheHostIsInsecure() async throws {
        try await IdentityHarness.with { harness in
            harness.publishPLC(Self.alice, handles: [], pds: "http://pds.example.com")
            await #expect(throws: IdentityError.insecurePDS("http://pds.example.com")) { try await harness.resolve(Self.alice).get() }
        }
        try await IdentityHarness.with(insecureHosts: ["127.0.0.1", "pds.example.com"]) { harness in
            harness.publishPLC(Self.alice, handles: [], pds: "http://pds.example.com")
            let identity = try await harness.resolve(Self.alice).get()
            #expect(identity.pdsURL == "http://pds.example.com")
        }
    }

    @Test func documentForAnotherDIDIsRefused() async throws {
        try await IdentityHarness.with { harness in
            harness.stand.setPLCDocument(.json(StandInIdentityServer.didDocument(id: Self.bob, pds: "https://pds.example.com")), for: Self.alice)
            await #expect(throws: IdentityError.invalidDIDDocument(Self.alice)) { try await harness.resolve(Self.alice).get() }
        }
    }

    @Test func unknownAndDeactivatedDIDsAreNotFound() async throws {
        try await IdentityHarness.with { harness in
            await #expect(throws: IdentityError.didNotFound(Self.alice)) { try await harness.resolve(Self.alice).get() }
            harness.stand.setPLCDocument(.status(410, #"{"message":"DID not available"}"#), for: Self.bob)
            await #expect(throws: IdentityError.didNotFound(Self.bob)) { try await harness.resolve(Self.bob).get() }
        }
    }

    @Test(arguments: [
        StandInIdentityServer.Answer.json("[]"),
        .json("{"),
        .json("null"),
        .json(#"{"id":42}"#),
        .json(String(repeating: "[", count: 20_000)),
        .json(#"{"id":"\#(IdentityHarness.alice)","padding":""# + String(repeating: "x", count: 40 * 1024) + #""}"#),
        .html("<html><body>Welcome</body></html>"),
        .bytes([0xFF, 0xFE, 0x00, 0x7B]),
    ])
    func hostileDocumentsAreInvalid(answer: StandInIdentityServer.Answer) async throws {
        try await IdentityHarness.with { harness in
            harness.stand.setPLCDocument(answer, for: Self.alice)
            await #expect(throws: IdentityError.invalidDIDDocument(Self.alice)) { try await harness.resolve(Self.alice).get() }
        }
    }

    @Test func unsupportedDIDsAreRefusedWithoutRequests() async throws {
        try await IdentityHarness.with { harness in
            for did in ["did:evil:x", "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK", "did:web:example.com:u:alice", "did:plc:SHORT"] {
                await #expect(throws: IdentityError.unsupportedDID, "\(did)") { try await harness.resolve(did).get() }
            }
            #expect(harness.stand.requests(.plc).isEmpty)
            #expect(harness.stand.requests(.didWeb).isEmpty)
        }
    }

    @Test func hangingOrFailingDirectoryIsUnreachable() async throws {
        try await IdentityHarness.with(timeout: .seconds(1)) { harness in
            harness.stand.setPLCDocument(.hang, for: Self.alice)
            harness.stand.setPLCDocument(.status(500, "{}"), for: Self.bob)
            var causes: [UpstreamFailure] = []
            for did in [Self.alice, Self.bob] {
                let result = try await harness.resolve(did)
                guard case .failure(.unreachable(let service, let cause)) = result else {
                    Issue.record("got \(result)")
                    continue
                }
                #expect(service == "The PLC directory")
                causes.append(cause)
            }
            // The cause stays a value: the hang is a transport timeout, the failure its status.
            if case .transport(let error)? = causes.first {
                #expect(error.code == .timedOut)
            } else {
                Issue.record("the hang gave \(causes)")
            }
            #expect(causes.last == .status(500))
        }
    }
}
