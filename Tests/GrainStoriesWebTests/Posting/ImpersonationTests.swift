import ATProtoTestKit
import AppTestKit
import Foundation
import HTTPFields
import MicroHTTPServer
import Posting
import Testing

@testable import GrainStoriesWeb

/// Signing in as someone else through a PDS that is not theirs: the attack from the
/// trust-boundaries issue, reproduced through the sign-in form. The victim, Alice, lives
/// on `pds` (her identity in the test directory names it); the attacker runs a PDS of
/// their own that answers `createSession` for Alice's DID and handle with the
/// attacker's password, and types it in the form's PDS field.
@Suite struct ImpersonationTests {
    typealias Flow = PostingFlowTests
    static let alice = FakePDS.Account.alice
    static let mallory = FakePDS.Account(handle: "mallory.test", did: "did:plc:mallory22222222222222222", password: "mallory-password")

    /// An attacker's PDS holding `account`, named by no identity document.
    static func attackersPDS(_ account: FakePDS.Account) throws -> FakePDS {
        try FakePDS(accounts: [account], publishesIdentity: false)
    }

    @Test func someoneElsesPDSCannotSignInAsAlice() async throws {
        let pds = try FakePDS()
        let attacker = try Self.attackersPDS(FakePDS.Account(handle: Self.alice.handle, did: Self.alice.did, password: "mallory-password"))
        let app = try await AppHarness()
        let (victim, _) = try await Flow.signIn(app, pds)
        let draftPath = try #require(try await Flow.upload(victim, try Flow.photoWithGPS()).headers["Location"])

        for identifier in [Self.alice.did, Self.alice.handle] {
            let browser = CookieJar(app)
            let refused = await browser.signIn(identifier: identifier, password: "mallory-password", pds: attacker.baseURL)
            #expect(refused.status == .forbidden, "\(identifier)")
            #expect(refused.text.contains("does not host \(Self.alice.did)"), "\(identifier)")
            #expect(browser["sid"] == nil, "\(identifier): no session")
            #expect(await browser.get(draftPath).status == .seeOther, "\(identifier): Alice's draft is not shown")
        }
        #expect(attacker.callCount("com.atproto.server.createSession") == 0, "no password went to a PDS that is not Alice's")
        #expect(attacker.callCount("com.atproto.identity.resolveHandle") == 0)

        // Alice's next post still goes to her own PDS, and only there.
        let page = await victim.get(draftPath)
        _ = await victim.post(draftPath, form: [("csrf", try #require(CookieJar.csrfToken(in: page.text))), ("place_name", ""), ("action", "publish")])
        await app.publisher.runDue()
        #expect(pds.records("social.grain.story").count == 1)
        #expect(attacker.records("social.grain.story").isEmpty)
        await app.shutdown()
        attacker.stop()
        pds.stop()
    }

    /// Mallory's own account is real and lives on her PDS, which then says her session
    /// is Alice's handle: the handle must point back to the DID, so it is refused, and
    /// the session it issued is ended there.
    @Test func aPDSCannotGiveItsAccountSomeoneElsesHandle() async throws {
        let pds = try FakePDS()
        let liar = FakePDS.Account(handle: Self.alice.handle, did: Self.mallory.did, password: Self.mallory.password)
        let attacker = try Self.attackersPDS(liar)
        TestIdentityDirectory.shared.publish(did: Self.mallory.did, handle: Self.mallory.handle, pds: attacker.baseURL)
        let app = try await AppHarness()
        let browser = CookieJar(app)
        let refused = await browser.signIn(identifier: Self.mallory.did, password: Self.mallory.password, pds: "")
        #expect(refused.status == .unprocessableContent)
        #expect(refused.text.contains("does not point back"))
        #expect(browser["sid"] == nil)
        #expect(attacker.callCount("com.atproto.server.createSession") == 1)
        #expect(attacker.callCount("com.atproto.server.deleteSession") == 1, "the unused session was ended")
        await app.shutdown()
        attacker.stop()
        pds.stop()
    }

    /// A PDS that answers for another DID than the one its account resolved to.
    @Test func aPDSThatAnswersForAnotherAccountIsRefused() async throws {
        let pds = try FakePDS()
        let attacker = try Self.attackersPDS(FakePDS.Account(handle: Self.mallory.handle, did: Self.alice.did, password: Self.mallory.password))
        TestIdentityDirectory.shared.publish(did: Self.mallory.did, handle: Self.mallory.handle, pds: attacker.baseURL)
        let app = try await AppHarness()
        let browser = CookieJar(app)
        let refused = await browser.signIn(identifier: Self.mallory.handle, password: Self.mallory.password, pds: attacker.baseURL)
        #expect(refused.status == .badGateway)
        #expect(refused.text.contains("answered for a different account"))
        #expect(browser["sid"] == nil)
        await app.shutdown()
        attacker.stop()
        pds.stop()
    }

    /// The operator's `--trusted-pds` lets a LAN PDS sign in accounts whose identity
    /// cannot be resolved, and no others.
    @Test func aTrustedPDSSignsInOnlyAccountsWithoutAnIdentityElsewhere() async throws {
        let pds = try FakePDS()
        let lan = try Self.attackersPDS(FakePDS.Account(handle: "kim.test", did: "did:plc:kim222222222222222222222", password: "kim-password"))
        let app = try await AppHarness(configure: { $0.trustedPDSes = [lan.baseURL] })
        let kim = CookieJar(app)
        let signedIn = await kim.signIn(identifier: "kim.test", password: "kim-password", pds: lan.baseURL)
        #expect(signedIn.status == .seeOther)
        #expect(kim["sid"] != nil)
        await app.shutdown()

        let hijack = try Self.attackersPDS(FakePDS.Account(handle: Self.alice.handle, did: Self.alice.did, password: "mallory-password"))
        let trusting = try await AppHarness(configure: { $0.trustedPDSes = [hijack.baseURL] })
        let browser = CookieJar(trusting)
        let refused = await browser.signIn(identifier: Self.alice.did, password: "mallory-password", pds: hijack.baseURL)
        #expect(refused.status == .forbidden, "Alice's own document names her PDS, whatever the operator trusts")
        #expect(browser["sid"] == nil)
        await trusting.shutdown()
        hijack.stop()
        lan.stop()
        pds.stop()
    }

    /// Issue 45: while the directory fails (or only its breaker is open), a trusted PDS
    /// that lies is not believed for an account whose document names another PDS: the
    /// sign-in fails with "try again", and no password goes to that PDS.
    @Test func aTrustedPDSIsNotBelievedWhileTheDirectoryFails() async throws {
        let pds = try FakePDS()
        let hijack = try Self.attackersPDS(FakePDS.Account(handle: Self.alice.handle, did: Self.alice.did, password: "mallory-password"))
        let app = try await AppHarness(configure: { $0.trustedPDSes = [hijack.baseURL] })
        TestIdentityDirectory.shared.stand.setPLCDocument(.status(500, "{}"), for: Self.alice.did)
        let browser = CookieJar(app)
        let refused = await browser.signIn(identifier: Self.alice.did, password: "mallory-password", pds: hijack.baseURL)
        #expect(refused.status == .badGateway)
        #expect(refused.text.contains("Try again"))
        #expect(browser["sid"] == nil)
        #expect(hijack.callCount("com.atproto.server.createSession") == 0)
        await app.shutdown()
        hijack.stop()
        pds.stop()
    }

    /// Each made-up DID costs the directory a call: a client network may try ten in ten
    /// minutes, then is told to wait before anything is looked up; another is not.
    @Test func madeUpAccountsAreLimitedPerClientNetwork() async throws {
        let lan = try Self.attackersPDS(FakePDS.Account(handle: "kim.test", did: "did:plc:kim222222222222222222222", password: "kim-password"))
        let app = try await AppHarness(configure: { $0.trustedPDSes = [lan.baseURL] })
        let directory = TestIdentityDirectory.shared.stand
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        func madeUp(_ index: Int) -> String { "did:plc:" + String(repeating: "q", count: 22) + String(letters[index / 26]) + String(letters[index % 26]) }
        let before = directory.requests(.plc).count
        let flooder = CookieJar(app, remoteAddress: "2001:db8:45::1")
        for index in 0..<10 {
            let answer = await flooder.signIn(identifier: madeUp(index), password: "guess", pds: lan.baseURL)
            #expect(answer.status == .unauthorized, "\(index): the trusted PDS was asked, and refused")
        }
        #expect(directory.requests(.plc).count == before + 10)
        // The same /64 from another address is the same client.
        let sameNetwork = CookieJar(app, remoteAddress: "2001:db8:45::99")
        let refused = await sameNetwork.signIn(identifier: madeUp(10), password: "guess", pds: lan.baseURL)
        #expect(refused.status == .tooManyRequests)
        #expect(refused.text.contains("could not be found were tried from here"))
        #expect(directory.requests(.plc).count == before + 10, "nothing was looked up for it")
        let someoneElse = CookieJar(app, remoteAddress: "2001:db8:46::1")
        #expect(await someoneElse.signIn(identifier: madeUp(11), password: "guess", pds: lan.baseURL).status == .unauthorized)
        await app.shutdown()
        lan.stop()
    }
}
