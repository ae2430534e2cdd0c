@testable import GrainStoriesWeb
import Testing
import TestSupport
@testable import ATProto

/// A PDS address typed by hand: no discovery, but the same URL rules.
@Suite struct PDSOverrideTests {
    @Test func didWithAnOverrideMakesNoRequests() async throws {
        try await IdentityHarness.with { harness in
            let identity = try await harness.resolve(IdentityHarness.alice, pds: "https://PDS.example.com/").get()
            #expect(identity == ResolvedIdentity(did: DID(IdentityHarness.alice)!, handle: nil, handleVerified: false, pdsURL: "https://pds.example.com", handleResolution: nil))
            #expect(harness.stand.requests(.plc).isEmpty)
            #expect(harness.dns.queries.isEmpty)
        }
    }

    @Test func handleWithAnOverrideIsResolvedByThatPDS() async throws {
        let pds = try FakePDS(accounts: [.alice])
        defer { pds.stop() }
        try await IdentityHarness.with { harness in
            let identity = try await harness.resolve("Alice.test", pds: pds.baseURL).get()
            #expect(identity == ResolvedIdentity(
                did: DID(FakePDS.Account.alice.did)!, handle: "alice.test", handleVerified: false, pdsURL: pds.baseURL,
                handleResolution: HandleResolution(did: DID(FakePDS.Account.alice.did)!, method: .pds)))
            #expect(pds.callCount("com.atproto.identity.resolveHandle") == 1)
            #expect(harness.dns.queries.isEmpty)
            #expect(harness.stand.requests(.resolveHandle).isEmpty)
        }
    }

    @Test func handleTheOverridePDSDoesNotKnowIsNotFound() async throws {
        let pds = try FakePDS(accounts: [.alice])
        defer { pds.stop() }
        try await IdentityHarness.with { harness in
            await #expect(throws: IdentityError.handleNotFound("bob.test")) { try await harness.resolve("bob.test", pds: pds.baseURL).get() }
        }
    }

    @Test func blankOverrideMeansDiscovery() async throws {
        try await IdentityHarness.with { harness in
            harness.publishPLC(IdentityHarness.alice, handles: [])
            let identity = try await harness.resolve(IdentityHarness.alice, pds: "  ").get()
            #expect(identity.pdsURL == harness.stand.baseURL)
        }
    }

    @Test func insecureOrMalformedOverridesAreRefused() async throws {
        try await IdentityHarness.with { harness in
            await #expect(throws: IdentityError.insecurePDS("http://pds.example.com")) {
                try await harness.resolve(IdentityHarness.alice, pds: "http://pds.example.com").get()
            }
            for address in ["ftp://pds.example.com", "https://user:secret@pds.example.com", "https://pds.example.com/xrpc", "https://"] {
                await #expect(throws: IdentityError.invalidPDS, "\(address)") { try await harness.resolve(IdentityHarness.alice, pds: address).get() }
            }
        }
    }

    @Test func identifierIsCheckedEvenWithAnOverride() async throws {
        try await IdentityHarness.with { harness in
            await #expect(throws: IdentityError.invalidHandle) { try await harness.resolve("not a handle", pds: "https://pds.example.com").get() }
            await #expect(throws: IdentityError.unsupportedDID) { try await harness.resolve("did:evil:x", pds: "https://pds.example.com").get() }
        }
    }
}
