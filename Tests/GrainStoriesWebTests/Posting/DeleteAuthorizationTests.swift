import ATProtoTestKit
import AppTestKit
import Foundation
import MicroHTTPServer
import Testing

@testable import ATProto
@testable import GrainStoriesWeb

/// Deleting is the one request that destroys something in a person's own repository:
/// only the signed-in author, only their own record, only with their own form token.
@Suite struct DeleteAuthorizationTests {
    typealias Flow = PostingFlowTests

    /// A story record as the fake PDS stores it, seeded into `account`'s repository.
    private static func seedStory(_ pds: FakePDS, account: String, rkey: String) throws -> FakePDS.Record {
        try pds.seedRecord(["createdAt": "2026-09-04T17:00:00.000Z"], collection: StoryRecord.collection.rawValue, rkey: rkey, account: account)
    }

    private static func signIn(_ app: AppHarness, _ pds: FakePDS, as account: FakePDS.Account) async throws -> CookieJar {
        let browser = CookieJar(app)
        let response = await browser.signIn(identifier: account.handle, password: account.password, pds: pds.baseURL)
        #expect(response.status == .seeOther, "\(account.handle) signed in")
        return browser
    }

    /// The CSRF token the signed-in browser's own delete confirmation carries.
    private static func deleteToken(_ browser: CookieJar, did: String, rkey: String) async throws -> String {
        try #require(CookieJar.csrfToken(in: await browser.get("/profile/\(did)/story/\(rkey)/delete").text))
    }

    @Test func aSignedInPersonCannotDeleteSomeoneElsesStoryByNamingTheirDIDOrHandle() async throws {
        let pds = try FakePDS(accounts: [.alice, .bob])
        let app = try await AppHarness()
        let bobs = try Self.seedStory(pds, account: "bob.test", rkey: "3mbobstory222")
        let alice = try await Self.signIn(app, pds, as: .alice)
        let token = try await Self.deleteToken(alice, did: FakePDS.Account.alice.did, rkey: "3malicestory22")

        for actor in [FakePDS.Account.bob.did, "bob.test"] {
            #expect(await alice.get("/profile/\(actor)/story/\(bobs.rkey)/delete").status == .forbidden, "no confirmation page for \(actor)")
            let attempt = await alice.post("/profile/\(actor)/story/\(bobs.rkey)/delete", form: [("csrf", token)])
            #expect(attempt.status == .forbidden, "\(actor)")
            #expect(attempt.text.contains("Only the author can delete a story."))
        }
        #expect(pds.callCount("com.atproto.repo.deleteRecord") == 0, "nothing was sent to the PDS")
        #expect(pds.record(uri: bobs.uri) != nil, "Bob's story is still there")
        await app.shutdown()
        pds.stop()
    }

    @Test func anRKeyOfSomeoneElsesRecordOnlyEverAddressesTheAuthorsOwnRepository() async throws {
        let pds = try FakePDS(accounts: [.alice, .bob])
        let app = try await AppHarness()
        let bobs = try Self.seedStory(pds, account: "bob.test", rkey: "3mbobstory222")
        let alicesOwn = try Self.seedStory(pds, account: "alice.test", rkey: "3malicestory22")
        let alice = try await Self.signIn(app, pds, as: .alice)
        let did = FakePDS.Account.alice.did
        let token = try await Self.deleteToken(alice, did: did, rkey: bobs.rkey)

        _ = await alice.post("/profile/\(did)/story/\(bobs.rkey)/delete", form: [("csrf", token)])
        let deletes = pds.calls.filter { $0.method == "com.atproto.repo.deleteRecord" }
        #expect(deletes.count == 1)
        #expect(deletes.allSatisfy { $0.succeeded }, "the PDS answered for Alice's own repository")
        #expect(pds.record(uri: bobs.uri) != nil, "Bob's record with that key is untouched")
        #expect(pds.record(uri: alicesOwn.uri) != nil, "and Alice's other story too")
        await app.shutdown()
        pds.stop()
    }

    @Test(arguments: ["..", ".", "3m%2F..%2Fbob", "3m%20x", "3m%22%3E%3Cscript%3E", String(repeating: "k", count: 513)])
    func aMalformedRecordKeyIsRefusedBeforeThePDSIsAsked(rkey: String) async throws {
        let pds = try FakePDS(accounts: [.alice, .bob])
        let app = try await AppHarness()
        let alicesOwn = try Self.seedStory(pds, account: "alice.test", rkey: "3malicestory22")
        let alice = try await Self.signIn(app, pds, as: .alice)
        let did = FakePDS.Account.alice.did
        let token = try await Self.deleteToken(alice, did: did, rkey: alicesOwn.rkey)

        let attempt = await alice.post("/profile/\(did)/story/\(rkey)/delete", form: [("csrf", token)])
        #expect([.forbidden, .notFound, .badRequest].contains(attempt.status), "\(rkey) → \(attempt.status.code)")
        #expect(pds.callCount("com.atproto.repo.deleteRecord") == 0)
        #expect(pds.record(uri: alicesOwn.uri) != nil)
        await app.shutdown()
        pds.stop()
    }

    @Test func aDeleteFormCarryingAnotherSessionsTokenIsRefused() async throws {
        let pds = try FakePDS(accounts: [.alice, .bob])
        let app = try await AppHarness()
        let alicesOwn = try Self.seedStory(pds, account: "alice.test", rkey: "3malicestory22")
        let alice = try await Self.signIn(app, pds, as: .alice)
        let bob = try await Self.signIn(app, pds, as: .bob)
        let aliceDID = FakePDS.Account.alice.did
        let path = "/profile/\(aliceDID)/story/\(alicesOwn.rkey)/delete"
        let bobsToken = try await Self.deleteToken(bob, did: FakePDS.Account.bob.did, rkey: "3mbobstory222")
        let alicesToken = try await Self.deleteToken(alice, did: aliceDID, rkey: alicesOwn.rkey)
        #expect(bobsToken != alicesToken, "tokens are bound to their session")

        // A second browser of Alice's own account has a session of its own, and a token of its own.
        let alicesLaptop = try await Self.signIn(app, pds, as: .alice)
        let laptopToken = try await Self.deleteToken(alicesLaptop, did: aliceDID, rkey: alicesOwn.rkey)
        for token in [bobsToken, laptopToken] {
            let attempt = await alice.post(path, form: [("csrf", token)])
            #expect(attempt.status == .forbidden)
        }
        #expect(pds.callCount("com.atproto.repo.deleteRecord") == 0)
        #expect(pds.record(uri: alicesOwn.uri) != nil, "nothing was deleted")

        // Her own token still works, so the refusals above were about the token.
        #expect(await alice.post(path, form: [("csrf", alicesToken)]).status == .seeOther)
        #expect(pds.record(uri: alicesOwn.uri) == nil)
        await app.shutdown()
        pds.stop()
    }
}
