import ATProtoTestKit
import Accounts
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Social
import TestKit
import Testing
import Viewing

@testable import ATProto
@testable import GrainStoriesWeb

/// Whom an account follows, found like a sign-in finds an account (handle → DID → PDS)
/// and read from its PDS, kept for a few minutes; unknown names and services that do
/// not answer become clear errors.
@Suite struct FollowListsTests {
    static func actor(_ text: String) -> ATIdentifier { ATIdentifier(text)! }

    static let maya = "did:plc:hbrpoigf3cbfnobm2o4rak3v"
    static let erin = "did:plc:zrenun7z5jqipq3zxoi7fdhj"

    /// Alice (on an in-memory PDS) follows Maya, then Erin.
    static func alicesPDS() throws -> InMemoryPDS {
        let pds = InMemoryPDS()
        try pds.seedRecord(["subject": .string(maya), "createdAt": "2026-09-04T10:00:00.000Z"], collection: NSID.grainFollow.rawValue, rkey: "3mfollow00001")
        try pds.seedRecord(["subject": .string(erin), "createdAt": "2026-09-04T11:00:00.000Z"], collection: NSID.grainFollow.rawValue, rkey: "3mfollow00002")
        return pds
    }

    @Test func anAccountsFollowsAreReadOnceAndKeptForAFewMinutes() async throws {
        let pds = try Self.alicesPDS()
        let identity = FakeIdentityResolver([.alice], pdsURL: pds.baseURL)
        let clock = ManualClock()
        let lists = FollowLists(identity: identity, pds: pds, clock: { clock.now })
        let first = try await lists.follows(of: Self.actor("alice.test"))
        let again = try await lists.follows(of: Self.actor("@Alice.Test"))
        #expect(first.value == FollowList(account: DID(FakePDS.Account.alice.did)!, follows: [DID(Self.erin)!, DID(Self.maya)!], pdsURL: pds.baseURL))
        #expect(!first.isStale)
        #expect(again.value == first.value)
        #expect(pds.calls.filter { $0 == "com.atproto.repo.listRecords" }.count == 1)
        #expect(identity.lookups == ["alice.test"])

        // After five minutes a new follow is seen (the stale list is served while the
        // new one loads; the load after that has it).
        try pds.seedRecord(
            ["subject": "did:plc:rjnvgfygwwqc5hyfsxmecosf", "createdAt": "2026-09-04T12:00:00.000Z"], collection: NSID.grainFollow.rawValue,
            rkey: "3mfollow00003")
        clock.advance(by: .seconds(301))
        var updated: [DID] = []
        let refreshed = try await eventually {
            updated = try await lists.follows(of: Self.actor("alice.test")).value.follows
            return updated.count == 3
        }
        #expect(refreshed, "the new follow never showed: \(updated)")
        #expect(updated.first == DID("did:plc:rjnvgfygwwqc5hyfsxmecosf"))
    }

    @Test func anUnknownAccountIsAClearErrorAskedAboutOnce() async throws {
        let pds = try Self.alicesPDS()
        let identity = FakeIdentityResolver([.alice], pdsURL: pds.baseURL)
        let lists = FollowLists(identity: identity, pds: pds)
        for _ in 0..<3 {
            await #expect {
                _ = try await lists.follows(of: Self.actor("nobody.test"))
            } throws: { error in
                guard let error = error as? FollowListError, case .unknownAccount(let name, _) = error else { return false }
                return name == "nobody.test" && error.status == .notFound && !error.isTransient
                    && error.publicMessage.contains("No account called nobody.test was found")
            }
        }
        #expect(identity.lookups == ["nobody.test"])
        #expect(pds.calls.isEmpty)
    }

    @Test func anAccountWhosePDSDoesNotHostItIsUnknownToo() async throws {
        let pds = try Self.alicesPDS()
        let identity = FakeIdentityResolver(["gone.test": LocatedAccount(did: "did:plc:gone2222222222222222222", pdsURL: pds.baseURL)])
        let lists = FollowLists(identity: identity, pds: pds)
        await #expect {
            _ = try await lists.follows(of: Self.actor("gone.test"))
        } throws: { error in
            guard let error = error as? FollowListError, case .unknownAccount = error else { return false }
            return true
        }
    }

    @Test func servicesThatDoNotAnswerAreTransientErrorsThatSaySo() async throws {
        let pds = try Self.alicesPDS()
        let elsewhere = FakeIdentityResolver(["alice.test": LocatedAccount(did: DID(FakePDS.Account.alice.did), pdsURL: "https://pds.unreachable.test")])
        await #expect {
            _ = try await FollowLists(identity: elsewhere, pds: pds).follows(of: Self.actor("alice.test"))
        } throws: { error in
            guard let error = error as? FollowListError, case .pdsUnavailable = error else { return false }
            return error.isTransient && error.status == .badGateway && error.publicMessage.contains("could not be read from their server")
        }
        await #expect {
            _ = try await FollowLists(identity: UnreachableIdentity(), pds: pds).follows(of: Self.actor("alice.test"))
        } throws: { error in
            guard let error = error as? FollowListError, case .identityUnreachable = error else { return false }
            return error.isTransient && error.status == .badGateway
        }
    }

    /// Identity resolution whose services are all down, as the live resolver reports it.
    struct UnreachableIdentity: IdentityResolving {
        func locate(identifier: String, pdsOverride: String?) async throws(IdentityError) -> LocatedAccount {
            throw .unreachable(service: "the PLC directory", cause: .status(503))
        }

        func verify(did: DID, handle: Handle?, pdsURL: String) async throws(IdentityError) -> VerifiedAccount {
            throw .unreachable(service: "The PLC directory", cause: .status(503))
        }
    }

    /// A signed-in person's own lists are read from the PDS their session names, without
    /// an identity lookup, and follows and blocks are kept apart.
    @Test func aSessionsOwnFollowsAndBlocksComeFromItsPDSWithoutAnyLookup() async throws {
        let pds = try Self.alicesPDS()
        try pds.seedRecord(
            ["subject": .string(Self.erin), "createdAt": "2026-09-04T12:00:00.000Z"], collection: NSID.grainBlock.rawValue, rkey: "3mblock000001")
        let identity = FakeIdentityResolver([], pdsURL: pds.baseURL)
        let lists = FollowLists(identity: identity, pds: pds)
        let alice = DID(FakePDS.Account.alice.did)!
        let follows = try await lists.subjects(of: alice, on: pds.baseURL, in: .grainFollow)
        let blocks = try await lists.subjects(of: alice, on: pds.baseURL, in: .grainBlock)
        _ = try await lists.subjects(of: alice, on: pds.baseURL, in: .grainBlock)
        #expect(follows.value == [DID(Self.erin)!, DID(Self.maya)!])
        #expect(blocks.value == [DID(Self.erin)!])
        #expect(identity.lookups.isEmpty)
        #expect(pds.calls.filter { $0 == "com.atproto.repo.listRecords" }.count == 2, "one listing per list, then kept")
    }

    /// A did:plc whose 24 base32 characters spell `index`.
    static func numbered(_ index: Int) -> DID {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")
        var digits = ""
        var value = index
        for _ in 0..<24 {
            digits.append(alphabet[value % 32])
            value /= 32
        }
        return DID("did:plc:" + String(digits.reversed()))!
    }

    /// While a signed-in person's PDS cannot be read (and nothing is remembered), whom
    /// they follow is asked of Grain's AppView (`getFollowing`, which the stand-in
    /// computes from the same records: 130 follows, two pages of 100), and it is the list
    /// the PDS gives when it answers. Blocks have no second source and stay an error.
    @Test func whileThePDSIsDownFollowsComeFromGrainsAppViewButBlocksDoNot() async throws {
        let pds = try FakePDS()
        try pds.seedGraph(follows: (0..<130).map(Self.numbered), blocks: [DID(Self.erin)!])
        let appView = try StandInAppView(image: [0xFF, 0xD8, 0xFF, 0xD9])
        appView.indexFollows(from: pds, accounts: [.alice])
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])
        let following = AppViewFollowing(client: AppViewClient(xrpc: XRPCClient(baseURL: appView.baseURL, http: http)))
        let identity = FakeIdentityResolver([], pdsURL: pds.baseURL)
        let alice = DID(FakePDS.Account.alice.did)!

        let up = try await FollowLists(identity: identity, pds: CurlPDSConnector(http: http), appView: following)
            .subjects(of: alice, on: pds.baseURL, in: .grainFollow)
        #expect(up.value.count == 130)
        #expect(appView.queryCount("social.grain.unspecced.getFollowing") == 0, "Grain is not asked while the PDS answers")

        pds.inject(.internalServerError, on: "com.atproto.repo.listRecords", .always)
        let lists = FollowLists(identity: identity, pds: CurlPDSConnector(http: http), appView: following)
        let down = try await lists.subjects(of: alice, on: pds.baseURL, in: .grainFollow)
        #expect(down.value == up.value)
        #expect(appView.queryCount("social.grain.unspecced.getFollowing") == 2)
        await #expect(throws: FollowListError.self) {
            _ = try await lists.subjects(of: alice, on: pds.baseURL, in: .grainBlock)
        }
        await #expect(throws: FollowListError.self, "without Grain's AppView there is no second source") {
            _ = try await FollowLists(identity: identity, pds: CurlPDSConnector(http: http)).subjects(of: alice, on: pds.baseURL, in: .grainFollow)
        }
        await appView.stop()
        await http.shutdown()
        pds.stop()
    }
}
