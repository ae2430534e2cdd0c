import ATProtoTestKit
import Foundation
import GrainSupport
import Testing

@testable import ATProto

/// Whom someone follows, read from their PDS page by page without a session: over HTTP
/// from the fake PDS (`PDSClient.listRecords`) and from the in-memory PDS alike.
@Suite struct GraphListingTests {
    /// 110 follows (more than one page), one of them twice, and one record whose subject
    /// is not a DID, seeded oldest first.
    static func seed(_ seedRecord: (JSONValue, String) throws -> Void) throws -> [DID] {
        var subjects: [DID] = []
        for index in 0..<110 {
            let did = DID("did:plc:follow\(String(format: "%018d", index))")!
            subjects.append(did)
            try seedRecord(["subject": .string(did.rawValue), "createdAt": "2026-09-04T10:00:00.000Z"], String(format: "3mfollow%05d", index))
        }
        try seedRecord(["subject": "not a did", "createdAt": "2026-09-04T10:00:00.000Z"], "3mfollow90000")
        try seedRecord(["subject": .string(subjects[0].rawValue), "createdAt": "2026-09-04T10:00:00.000Z"], "3mfollow90001")
        return subjects
    }

    @Test func everyFollowIsReadAcrossPagesOnceEachNewestFirstSkippingMalformedOnes() async throws {
        let alice = DID(FakePDS.Account.alice.did)!
        let wire = try FakePDS()
        let expected = try Self.seed { value, rkey in _ = try wire.seedRecord(value, collection: NSID.grainFollow.rawValue, rkey: rkey) }
        let memory = InMemoryPDS()
        _ = try Self.seed { value, rkey in try memory.seedRecord(value, collection: NSID.grainFollow.rawValue, rkey: rkey) }
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])

        let overHTTP = try await GraphListing().subjects(of: alice, in: .grainFollow, on: CurlPDSConnector(http: http).connection(to: wire.baseURL))
        let inMemory = try await GraphListing().subjects(of: alice, in: .grainFollow, on: memory.connection(to: memory.baseURL))
        let onePage = try await GraphListing(maxPages: 1).subjects(of: alice, in: .grainFollow, on: memory.connection(to: memory.baseURL))
        let listings = wire.callCount("com.atproto.repo.listRecords")
        await http.shutdown()
        wire.stop()

        // Newest record first: the repeated follow of subjects[0] (newest) leads, and its
        // older record adds nothing.
        let newestFirst = [expected[0]] + expected.dropFirst().reversed()
        #expect(overHTTP == newestFirst)
        #expect(inMemory == overHTTP)
        #expect(listings == 2, "112 records are two pages of 100")
        #expect(onePage.count == 99, "a bounded listing stops after its pages (100 records, one malformed)")
    }

    @Test func anEmptyRepositoryFollowsNobodyAndAnUnknownOneIsThePDSsError() async throws {
        let memory = InMemoryPDS()
        let connection = memory.connection(to: memory.baseURL)
        #expect(try await GraphListing().subjects(of: DID(FakePDS.Account.alice.did)!, in: .grainFollow, on: connection).isEmpty)
        await #expect(throws: XRPCError.self) {
            _ = try await GraphListing().subjects(of: "did:plc:nobody222222222222222222", in: .grainFollow, on: connection)
        }
    }
}
