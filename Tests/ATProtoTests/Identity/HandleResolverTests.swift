import ATProtoTestKit
import HTTPTestKit
import Testing

@testable import ATProto

/// Handle → DID against the fake DNS server and the stand-ins.
@Suite struct HandleResolverTests {
    static let alice = IdentityHarness.alice
    static let bob = IdentityHarness.bob

    @Test func dnsOnlyHandleResolvesThroughTheTXTRecord() async throws {
        try await IdentityHarness.with { harness in
            harness.publishTXT(Self.alice, for: "alice.test")
            let resolution = try await harness.resolveHandle("alice.test").get()
            #expect(resolution == HandleResolution(did: DID(Self.alice)!, method: .dns))
            #expect(harness.dns.queries == ["_atproto.alice.test"])
            #expect(harness.stand.requests(.resolveHandle).isEmpty)
        }
    }

    @Test func httpsOnlyHandleResolvesThroughTheWellKnownFile() async throws {
        try await IdentityHarness.with { harness in
            harness.stand.setWellKnown(.text("\(Self.alice)\n"), for: "alice.test")
            let resolution = try await harness.resolveHandle("alice.test").get()
            #expect(resolution == HandleResolution(did: DID(Self.alice)!, method: .wellKnown))
            #expect(harness.stand.requests(.resolveHandle).isEmpty)
        }
    }

    @Test func resolverIsAskedWhenNeitherMethodAnswers() async throws {
        try await IdentityHarness.with { harness in
            harness.stand.setResolvedHandle(.json(#"{"did":"\#(Self.alice)"}"#), for: "alice.test")
            let resolution = try await harness.resolveHandle("alice.test").get()
            #expect(resolution == HandleResolution(did: DID(Self.alice)!, method: .resolver))
            #expect(harness.dns.queries == ["_atproto.alice.test"])
            #expect(harness.stand.requests(.wellKnown) == ["alice.test"])
            #expect(harness.stand.requests(.resolveHandle) == ["alice.test"])
        }
    }

    @Test func disagreementPrefersDNSAndRecordsTheOtherDID() async throws {
        try await IdentityHarness.with { harness in
            harness.publishTXT(Self.alice, for: "alice.test")
            harness.stand.setWellKnown(.text(Self.bob), for: "alice.test")
            let resolution = try await harness.resolveHandle("alice.test").get()
            #expect(resolution == HandleResolution(did: DID(Self.alice)!, method: .dns, conflictingDID: DID(Self.bob)!))
        }
    }

    @Test func agreementRecordsNoConflict() async throws {
        try await IdentityHarness.with { harness in
            harness.publishTXT(Self.alice, for: "alice.test")
            harness.stand.setWellKnown(.text(Self.alice), for: "alice.test")
            let resolution = try await harness.resolveHandle("alice.test").get()
            #expect(resolution.conflictingDID == nil)
        }
    }

    @Test func unknownHandleIsNotFound() async throws {
        try await IdentityHarness.with { harness in
            let result = try await harness.resolveHandle("nobody.test")
            #expect(throws: IdentityError.handleNotFound("nobody.test")) { try result.get() }
        }
    }

    @Test func typedFormIsNormalisedBeforeAnyLookup() async throws {
        try await IdentityHarness.with { harness in
            harness.publishTXT(Self.alice, for: "alice.test")
            let resolution = try await harness.resolveHandle("  @Alice.TEST ").get()
            #expect(resolution.did.rawValue == Self.alice)
            #expect(harness.dns.queries == ["_atproto.alice.test"])
        }
    }

    @Test func invalidAndReservedHandlesCauseNoLookups() async throws {
        try await IdentityHarness.with { harness in
            for handle in ["alice", "al_ice.test", "-x.test", "x.1test", String(repeating: "a", count: 300) + ".test"] {
                await #expect(throws: IdentityError.invalidHandle) { try await harness.resolveHandle(handle).get() }
            }
            await #expect(throws: IdentityError.handleNotFound("printer.local")) { try await harness.resolveHandle("printer.local").get() }
            #expect(harness.dns.queries.isEmpty)
            #expect(harness.stand.requests(.wellKnown).isEmpty)
            #expect(harness.stand.requests(.resolveHandle).isEmpty)
        }
    }

    /// Bodies that are not a usable DID count as no answer, so resolution falls through
    /// to the resolver (which does not know the handle either).
    @Test(arguments: [
        StandInIdentityServer.Answer.text("hello world"),
        .text(String(repeating: "did:plc:", count: 1000)),
        .text("did:evil:x"),
        .text("did:plc:short"),
        .text("\(IdentityHarness.alice)\n\(IdentityHarness.bob)"),
        .html("<!doctype html><html><body>\(IdentityHarness.alice)</body></html>"),
        .bytes([0x64, 0x69, 0x64, 0xFF, 0xFE]),
        .status(302, IdentityHarness.alice),
    ])
    func malformedWellKnownAnswersAreIgnored(answer: StandInIdentityServer.Answer) async throws {
        try await IdentityHarness.with { harness in
            harness.stand.setWellKnown(answer, for: "alice.test")
            let result = try await harness.resolveHandle("alice.test")
            #expect(throws: IdentityError.handleNotFound("alice.test")) { try result.get() }
            #expect(harness.stand.requests(.resolveHandle) == ["alice.test"])
        }
    }

    @Test(arguments: [
        [FakeDNSServer.Record.txt(["did=did:evil:x"])],
        [.txt(["did=\(IdentityHarness.alice)"]), .txt(["did=\(IdentityHarness.bob)"])],
        [.txt(["did=<script>"])],
        [.txt(["v=spf1 -all"])],
        [.txt(["did= \(IdentityHarness.alice)"])],
    ])
    func unusableTXTRecordsAreIgnored(records: [FakeDNSServer.Record]) async throws {
        try await IdentityHarness.with { harness in
            harness.dns.setRecords(records, for: "_atproto.alice.test")
            harness.stand.setResolvedHandle(.json(#"{"did":"\#(Self.bob)"}"#), for: "alice.test")
            let resolution = try await harness.resolveHandle("alice.test").get()
            #expect(resolution == HandleResolution(did: DID(Self.bob)!, method: .resolver))
        }
    }

    @Test func repeatedIdenticalTXTRecordsAreOneAnswer() async throws {
        try await IdentityHarness.with { harness in
            harness.dns.setRecords([.txt(["did=\(Self.alice)"]), .txt(["did=\(Self.alice)"]), .txt(["other"])], for: "_atproto.alice.test")
            let resolution = try await harness.resolveHandle("alice.test").get()
            #expect(resolution == HandleResolution(did: DID(Self.alice)!, method: .dns))
        }
    }

    @Test(arguments: [
        StandInIdentityServer.Answer.json(#"{"did":"did:evil:x"}"#),
        .json(#"{"did":42}"#),
        .json("{"),
        .html("<html>did:plc:ewvi7nxzyoun6zhxrhs64oiz</html>"),
        .status(404, "{}"),
    ])
    func unusableResolverAnswersMeanNotFound(answer: StandInIdentityServer.Answer) async throws {
        try await IdentityHarness.with { harness in
            harness.stand.setResolvedHandle(answer, for: "alice.test")
            await #expect(throws: IdentityError.handleNotFound("alice.test")) { try await harness.resolveHandle("alice.test").get() }
        }
    }

    @Test func failingResolverIsUnreachable() async throws {
        try await IdentityHarness.with { harness in
            harness.stand.setResolvedHandle(.status(503, #"{"error":"Unavailable"}"#), for: "alice.test")
            let result = try await harness.resolveHandle("alice.test")
            guard case .failure(.unreachable(let service, _)) = result else {
                Issue.record("got \(result)")
                return
            }
            #expect(service == "The handle resolver")
        }
    }

    /// DNS silent and the well-known host hanging: both give up at their timeouts and
    /// the resolver still answers.
    @Test func silentDNSAndHangingHostAreBoundedByTheirTimeouts() async throws {
        try await IdentityHarness.with(timeout: .seconds(1)) { harness in
            harness.dns.setMode(.silent)
            harness.stand.setWellKnown(.hang, for: "alice.test")
            harness.stand.setResolvedHandle(.json(#"{"did":"\#(Self.alice)"}"#), for: "alice.test")
            let resolution = try await harness.resolveHandle("alice.test").get()
            #expect(resolution == HandleResolution(did: DID(Self.alice)!, method: .resolver))
        }
    }

    @Test func hangingResolverIsUnreachable() async throws {
        try await IdentityHarness.with(timeout: .seconds(1)) { harness in
            harness.stand.setResolvedHandle(.hang, for: "alice.test")
            let result = try await harness.resolveHandle("alice.test")
            guard case .failure(.unreachable) = result else {
                Issue.record("got \(result)")
                return
            }
        }
    }
}
