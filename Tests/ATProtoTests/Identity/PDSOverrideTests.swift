import ATProtoTestKit
import TestKit
import Testing

@testable import ATProto

/// A PDS address typed by hand: the same URL rules, and it must be the PDS the
/// account's own document names. Only a PDS the operator trusts stands in for a
/// document that cannot be had, and never for one that names another PDS.
@Suite struct PDSOverrideTests {
    @Test func anOverrideTheDocumentNamesIsAccepted() async throws {
        try await IdentityHarness.with { harness in
            harness.publishPLC(IdentityHarness.alice, handles: [], pds: "https://pds.example.com")
            let identity = try await harness.resolve(IdentityHarness.alice, pds: "https://PDS.example.com/").get()
            #expect(
                identity
                    == ResolvedIdentity(
                        did: DID(IdentityHarness.alice)!, handle: nil, handleVerified: false, pdsURL: "https://pds.example.com", handleResolution: nil))
            #expect(harness.stand.requests(.plc) == [IdentityHarness.alice], "the document was read")
        }
    }

    /// The attack: someone types the victim's DID and their own PDS.
    @Test func anOverrideTheDocumentDoesNotNameIsRefused() async throws {
        try await IdentityHarness.with { harness in
            harness.publishPLC(IdentityHarness.alice, handles: [])
            await #expect(throws: IdentityError.pdsMismatch(did: IdentityHarness.alice, documentPDS: harness.stand.baseURL)) {
                try await harness.resolve(IdentityHarness.alice, pds: "https://evil.example.com").get()
            }
        }
    }

    /// A handle is resolved the usual ways, never by the PDS typed (which could name
    /// anyone), and the document must then name that PDS.
    @Test func aHandleWithAnOverrideIsNotResolvedByThatPDS() async throws {
        let attacker = try FakePDS(accounts: [.alice], publishesIdentity: false)
        defer { attacker.stop() }
        try await IdentityHarness.with { harness in
            harness.publishTXT(FakePDS.Account.alice.did, for: "alice.test")
            harness.publishPLC(FakePDS.Account.alice.did, handles: ["alice.test"])
            await #expect(throws: IdentityError.pdsMismatch(did: FakePDS.Account.alice.did, documentPDS: harness.stand.baseURL)) {
                try await harness.resolve("alice.test", pds: attacker.baseURL).get()
            }
            #expect(attacker.callCount("com.atproto.identity.resolveHandle") == 0)
        }
    }

    @Test func anUntrustedOverrideDoesNotStandInForAMissingDocument() async throws {
        try await IdentityHarness.with { harness in
            await #expect(throws: IdentityError.didNotFound(IdentityHarness.alice)) {
                try await harness.resolve(IdentityHarness.alice, pds: "https://pds.example.com").get()
            }
        }
    }

    @Test func aTrustedPDSStandsInForAMissingDocumentOnly() async throws {
        let pds = try FakePDS(accounts: [.alice], publishesIdentity: false)
        defer { pds.stop() }
        try await IdentityHarness.with(trustedPDSes: [pds.baseURL]) { harness in
            let identity = try await harness.resolve(IdentityHarness.alice, pds: pds.baseURL).get()
            #expect(identity.pdsURL == pds.baseURL)
            // A document that names another PDS is believed over the operator's list (once
            // the directory's "no such DID" is no longer remembered).
            harness.publishPLC(IdentityHarness.alice, handles: [])
            harness.clock.advance(by: DIDResolver.unknownDIDLifetime)
            await #expect(throws: IdentityError.pdsMismatch(did: IdentityHarness.alice, documentPDS: harness.stand.baseURL)) {
                try await harness.resolve(IdentityHarness.alice, pds: pds.baseURL).get()
            }
        }
    }

    /// A handle nothing else resolves is asked of a trusted PDS (a PDS resolves its own
    /// accounts' handles).
    @Test func aTrustedPDSResolvesAHandleNothingElseDoes() async throws {
        let pds = try FakePDS(accounts: [.alice], publishesIdentity: false)
        defer { pds.stop() }
        try await IdentityHarness.with(trustedPDSes: [pds.baseURL]) { harness in
            let identity = try await harness.resolve("Alice.test", pds: pds.baseURL).get()
            #expect(
                identity
                    == ResolvedIdentity(
                        did: DID(FakePDS.Account.alice.did)!, handle: "alice.test", handleVerified: false, pdsURL: pds.baseURL,
                        handleResolution: HandleResolution(did: DID(FakePDS.Account.alice.did)!, method: .pds)))
            #expect(pds.callCount("com.atproto.identity.resolveHandle") == 1)
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
            #expect(harness.stand.requests(.plc).isEmpty, "refused before any lookup")
        }
    }

    @Test func identifierIsCheckedEvenWithAnOverride() async throws {
        try await IdentityHarness.with { harness in
            await #expect(throws: IdentityError.invalidHandle) { try await harness.resolve("not a handle", pds: "https://pds.example.com").get() }
            await #expect(throws: IdentityError.unsupportedDID) { try await harness.resolve("did:evil:x", pds: "https://pds.example.com").get() }
        }
    }

    /// The sign-in form's way in: a DID typed with a trusted PDS while the directory
    /// fails is refused as "try again", and nothing is taken from the PDS.
    @Test func aTrustedPDSOverrideIsRefusedWhileTheDirectoryFails() async throws {
        let pds = try FakePDS(accounts: [.alice], publishesIdentity: false)
        defer { pds.stop() }
        try await IdentityHarness.with(trustedPDSes: [pds.baseURL]) { harness in
            harness.stand.setPLCDocument(.status(500, "{}"), for: IdentityHarness.alice)
            let result = try await harness.resolve(IdentityHarness.alice, pds: pds.baseURL)
            guard case .failure(.unreachable) = result else {
                Issue.record("expected unreachable, got \(result)")
                return
            }
            #expect(IdentityError.unreachable(service: "The PLC directory", cause: .status(500)).userMessage.contains("Try again"))
            // Once the directory answers that there is no such DID, the operator's word counts.
            harness.stand.setPLCDocument(.status(404, "{}"), for: IdentityHarness.alice)
            let vouched = try await harness.resolve(IdentityHarness.alice, pds: pds.baseURL).get()
            #expect(vouched.vouchedForByOperator)
        }
    }
}
