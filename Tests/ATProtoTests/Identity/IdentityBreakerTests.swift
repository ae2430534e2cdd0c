import ATProtoTestKit
import TestKit
import Testing

@testable import ATProto

/// The PLC directory and the handle resolver are each one upstream for every name: while
/// one is down, made-up DIDs and handles fail fast after a handful of calls instead of
/// each costing a call (and a timeout) of their own.
@Suite struct IdentityBreakerTests {
    /// `count` made-up `did:plc`s (the last two letters count them).
    static func madeUpDIDs(_ count: Int) -> [String] {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return (0..<count).map { "did:plc:" + String(repeating: "z", count: 22) + String(letters[$0 / 26]) + String(letters[$0 % 26]) }
    }

    @Test func madeUpDIDsCostAHandfulOfCallsWhileTheDirectoryIsDown() async throws {
        try await IdentityHarness.with { harness in
            let dids = Self.madeUpDIDs(40)
            for did in dids { harness.stand.setPLCDocument(.status(503, "{}"), for: did) }
            for did in dids {
                guard case .failure(.unreachable) = try await harness.resolve(did) else {
                    Issue.record("\(did) was not refused as unreachable")
                    return
                }
            }
            #expect(harness.stand.requests(.plc).count <= 5, "\(harness.stand.requests(.plc).count) calls for 40 names")
            // An answer that says "no such DID" is an answer: the directory is up.
        }
    }

    @Test func madeUpHandlesCostAHandfulOfCallsWhileTheResolverIsDown() async throws {
        try await IdentityHarness.with { harness in
            let handles = (0..<40).map { "nobody\($0).example.com" }
            for handle in handles { harness.stand.setResolvedHandle(.status(503, "{}"), for: handle) }
            for handle in handles {
                guard case .failure(.unreachable) = try await harness.resolveHandle(handle) else {
                    Issue.record("\(handle) was not refused as unreachable")
                    return
                }
            }
            #expect(harness.stand.requests(.resolveHandle).count <= 5, "\(harness.stand.requests(.resolveHandle).count) calls for 40 names")
        }
    }

    @Test func unknownNamesAreAnswersAndKeepTheBreakerClosed() async throws {
        try await IdentityHarness.with { harness in
            for did in Self.madeUpDIDs(20) {
                guard case .failure(.didNotFound) = try await harness.resolve(did) else {
                    Issue.record("\(did) was not 'not found'")
                    return
                }
            }
            #expect(harness.stand.requests(.plc).count == 20, "each unknown DID was asked: the directory answered")
        }
    }

    /// The same made-up DID asked again and again costs the directory one call while its
    /// "no such DID" is remembered (two minutes), then one more.
    @Test func aDIDTheDirectoryDoesNotKnowIsAskedOnceInAWhile() async throws {
        try await IdentityHarness.with { harness in
            let did = Self.madeUpDIDs(1)[0]
            for _ in 0..<10 {
                guard case .failure(.didNotFound) = try await harness.resolve(did) else {
                    Issue.record("\(did) was not 'not found'")
                    return
                }
            }
            #expect(harness.stand.requests(.plc).count == 1)
            harness.clock.advance(by: DIDResolver.unknownDIDLifetime - .seconds(1))
            _ = try await harness.resolve(did)
            #expect(harness.stand.requests(.plc).count == 1, "still remembered")
            harness.clock.advance(by: .seconds(1))
            _ = try await harness.resolve(did)
            #expect(harness.stand.requests(.plc).count == 2, "asked again once the two minutes are over")
            // A DID that could not be had for another reason is asked again every time.
            let failing = Self.madeUpDIDs(2)[1]
            harness.stand.setPLCDocument(.status(500, "{}"), for: failing)
            _ = try await harness.resolve(failing)
            _ = try await harness.resolve(failing)
            #expect(harness.stand.requests(.plc).count == 4)
        }
    }
}
