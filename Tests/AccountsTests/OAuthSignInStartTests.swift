import ATProto
import ATProtoTestKit
import Accounts
import CurlHTTPClient
import Foundation
import GrainSupport
import OAuthClient
import OAuthTestKit
import Testing

/// Starting OAuth sign-ins costs requests to the account's servers and a place in the
/// table of sign-ins in progress, so starts are limited per client network (an IPv4
/// address, or an IPv6 /64: a host that owns a /64 sends from any of its addresses) and
/// in total. Real starts against the stand-in authorization server.
@Suite(.serialized) struct OAuthSignInStartTests {
    /// An `OAuthSignIn` of the harness's client, with the server's own limits unless given.
    static func signIn(_ harness: OAuthFlowHarness, total: Int? = nil) throws -> OAuthSignIn {
        let directory = FileManager.default.temporaryDirectory.path + "/oauth-start-" + OAuthRandom.token(byteCount: 8)
        let oauth = OAuthSessions(
            client: harness.client, grants: try OAuthGrantFiles(directory: directory + "/sessions"),
            keys: try OAuthClientKeys.load(directory: directory + "/keys"), identity: DirectoryStandIn())
        let logger = Logger(level: .error, sink: { _ in })
        if let total {
            return OAuthSignIn(
                oauth: oauth, identity: DirectoryStandIn(), connector: CurlPDSConnector(http: harness.http), totalStartsPerWindow: total, logger: logger)
        }
        return OAuthSignIn(oauth: oauth, identity: DirectoryStandIn(), connector: CurlPDSConnector(http: harness.http), logger: logger)
    }

    /// Starts a sign-in from `address`; gives the failure, nil when it started.
    static func start(_ signIn: OAuthSignIn, from address: String) async -> SignInFailure? {
        do {
            _ = try await signIn.begin(OAuthFlowHarness.handle, browser: "browser-" + address, next: nil, client: address)
            return nil
        } catch {
            return error
        }
    }

    @Test func oneIPv6SlashSixtyFourStartsTwentyHoweverManyAddressesItUses() async throws {
        let harness = try OAuthFlowHarness()
        let signIn = try Self.signIn(harness)
        var outcomes: [SignInFailure?] = []
        for index in 1...21 { outcomes.append(await Self.start(signIn, from: "2001:db8:5:7::\(String(index, radix: 16))")) }
        let pushed = harness.server.log.assertionJTIs.count
        let neighbour = await Self.start(signIn, from: "2001:db8:5:8::1")
        await harness.stop()
        #expect(outcomes.prefix(20).allSatisfy { $0 == nil }, "\(outcomes)")
        #expect(outcomes.last == .tooManyStarts)
        #expect(pushed >= 20, "each started sign-in was pushed")
        #expect(neighbour == nil, "the next /64 is someone else")
    }

    @Test func anIPv4ClientIsItsOwnAddressAndLimitedAlike() async throws {
        let harness = try OAuthFlowHarness()
        let signIn = try Self.signIn(harness)
        for _ in 1...20 { #expect(await Self.start(signIn, from: "192.0.2.10") == nil) }
        let refused = await Self.start(signIn, from: "::ffff:192.0.2.10")
        let other = await Self.start(signIn, from: "192.0.2.11")
        await harness.stop()
        #expect(refused == .tooManyStarts, "the same client however it is spelled")
        #expect(other == nil)
    }

    @Test func startsAreLimitedInTotalBeforeAnythingIsSent() async throws {
        let harness = try OAuthFlowHarness()
        let signIn = try Self.signIn(harness, total: 3)
        for index in 1...3 { #expect(await Self.start(signIn, from: "198.51.100.\(index)") == nil) }
        let pushed = harness.server.log.assertionJTIs.count
        let refused = await Self.start(signIn, from: "198.51.100.9")
        let after = harness.server.log.assertionJTIs.count
        await harness.stop()
        #expect(refused == .tooManyStartsEverywhere)
        #expect(after == pushed, "nothing was pushed for the refused one")
    }
}
