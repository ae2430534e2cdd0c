import ATProtoTestKit
import TestKit
import Testing

@testable import ATProto

/// `IdentityResolver.verify`: a session a PDS issued is the account's only when the
/// account's own document names that PDS, and its handle checks out both ways.
@Suite struct AccountVerificationTests {
    static let alice = IdentityHarness.alice

    @Test func aSessionFromThePDSTheDocumentNamesIsVerified() async throws {
        try await IdentityHarness.with { harness in
            harness.publishPLC(Self.alice, handles: ["alice.test"])
            harness.publishTXT(Self.alice, for: "alice.test")
            let account = try await harness.verify(Self.alice, handle: "alice.test", pds: harness.stand.baseURL + "/").get()
            #expect(account == VerifiedAccount(did: DID(Self.alice)!, handle: "alice.test", pdsURL: harness.stand.baseURL, vouchedForByOperator: false))
        }
    }

    @Test func aSessionFromAnotherPDSIsRefused() async throws {
        try await IdentityHarness.with { harness in
            harness.publishPLC(Self.alice, handles: [])
            await #expect(throws: IdentityError.pdsMismatch(did: Self.alice, documentPDS: harness.stand.baseURL)) {
                try await harness.verify(Self.alice, handle: nil, pds: "https://evil.example.com").get()
            }
        }
    }

    @Test func aDocumentWithoutAPDSVerifiesNoSession() async throws {
        try await IdentityHarness.with { harness in
            harness.stand.setPLCDocument(.json(StandInIdentityServer.didDocument(id: Self.alice, pds: nil)), for: Self.alice)
            await #expect(throws: IdentityError.pdsMismatch(did: Self.alice, documentPDS: nil)) {
                try await harness.verify(Self.alice, handle: nil, pds: harness.stand.baseURL).get()
            }
        }
    }

    @Test func aHandleTheDocumentDoesNotClaimIsRefused() async throws {
        try await IdentityHarness.with { harness in
            harness.publishPLC(Self.alice, handles: ["someone-else.test"])
            harness.publishTXT(Self.alice, for: "alice.test")
            await #expect(throws: IdentityError.handleMismatch(handle: "alice.test", did: Self.alice)) {
                try await harness.verify(Self.alice, handle: "alice.test", pds: harness.stand.baseURL).get()
            }
        }
    }

    /// The document claims the handle, but the handle names another DID: whoever holds
    /// the handle's DNS decides, so the claim alone is worth nothing.
    @Test func aHandleThatResolvesToAnotherDIDIsRefused() async throws {
        try await IdentityHarness.with { harness in
            harness.publishPLC(Self.alice, handles: ["bob.test"])
            harness.publishTXT(IdentityHarness.bob, for: "bob.test")
            await #expect(throws: IdentityError.handleMismatch(handle: "bob.test", did: Self.alice)) {
                try await harness.verify(Self.alice, handle: "bob.test", pds: harness.stand.baseURL).get()
            }
        }
    }

    @Test func aHandleThatResolvesNowhereIsRefused() async throws {
        try await IdentityHarness.with { harness in
            harness.publishPLC(Self.alice, handles: ["alice.test"])
            await #expect(throws: IdentityError.handleMismatch(handle: "alice.test", did: Self.alice)) {
                try await harness.verify(Self.alice, handle: "alice.test", pds: harness.stand.baseURL).get()
            }
        }
    }

    @Test func withoutADocumentOnlyATrustedPDSIsBelieved() async throws {
        try await IdentityHarness.with { harness in
            await #expect(throws: IdentityError.didNotFound(Self.alice)) {
                try await harness.verify(Self.alice, handle: "alice.test", pds: "https://pds.example.lan").get()
            }
        }
        try await IdentityHarness.with(trustedPDSes: ["https://PDS.example.lan"]) { harness in
            let account = try await harness.verify(Self.alice, handle: "alice.test", pds: "https://pds.example.lan").get()
            #expect(account.vouchedForByOperator)
            #expect(account.handle?.rawValue == "alice.test")
            harness.publishPLC(Self.alice, handles: [])
            // The directory's "no such DID" is believed for a while; then it is asked again.
            harness.clock.advance(by: DIDResolver.unknownDIDLifetime)
            await #expect(throws: IdentityError.pdsMismatch(did: Self.alice, documentPDS: harness.stand.baseURL)) {
                try await harness.verify(Self.alice, handle: nil, pds: "https://pds.example.lan").get()
            }
        }
    }

    @Test func aDirectoryThatIsDownVerifiesNothing() async throws {
        try await IdentityHarness.with(timeout: .milliseconds(300)) { harness in
            harness.stand.setPLCDocument(.status(503, "{}"), for: Self.alice)
            let result = try await harness.verify(Self.alice, handle: nil, pds: harness.stand.baseURL)
            guard case .failure(.unreachable) = result else {
                Issue.record("expected unreachable, got \(result)")
                return
            }
        }
    }

    /// A trusted PDS is believed only on the directory's word that there is no document:
    /// never while the directory fails (5xx, 429) or its breaker is open, whatever the
    /// operator trusts, since that is when a lying PDS could speak for anyone.
    @Test func aTrustedPDSIsNotBelievedWhileTheDirectoryCannotBeReached() async throws {
        try await IdentityHarness.with(trustedPDSes: ["https://pds.example.lan"]) { harness in
            for status in [500, 503, 429] {
                harness.stand.setPLCDocument(.status(status, "{}"), for: Self.alice)
                let result = try await harness.verify(Self.alice, handle: "alice.test", pds: "https://pds.example.lan")
                guard case .failure(.unreachable) = result else {
                    Issue.record("\(status): expected unreachable, got \(result)")
                    return
                }
            }
            // Enough failures open the breaker: then no call is made, and still nothing is believed.
            for _ in 0..<5 { _ = try await harness.verify(Self.alice, handle: nil, pds: "https://pds.example.lan") }
            let calls = harness.stand.requests(.plc).count
            let result = try await harness.verify(Self.alice, handle: nil, pds: "https://pds.example.lan")
            guard case .failure(.unreachable) = result else {
                Issue.record("breaker open: expected unreachable, got \(result)")
                return
            }
            #expect(harness.stand.requests(.plc).count == calls, "the breaker was open")
        }
    }

    /// An answer that is neither a document nor "no such DID" (a 403, a 400) says nothing
    /// about where the account lives either.
    @Test func otherDirectoryAnswersAreNoDocumentToStandInFor() async throws {
        try await IdentityHarness.with(trustedPDSes: ["https://pds.example.lan"]) { harness in
            for status in [400, 403, 301] {
                harness.stand.setPLCDocument(.status(status, "{}"), for: Self.alice)
                await #expect(throws: IdentityError.invalidDIDDocument(Self.alice), "\(status)") {
                    try await harness.verify(Self.alice, handle: nil, pds: "https://pds.example.lan").get()
                }
            }
        }
    }
}
