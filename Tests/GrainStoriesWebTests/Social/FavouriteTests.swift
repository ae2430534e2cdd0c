import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import TestKit
import Testing
import Viewing

@testable import Accounts
@testable import GrainStoriesWeb
@testable import Posting
@testable import Social

/// The heart in the viewer: a `social.grain.favorite` in the person's own repository,
/// its state read from there, a form without the script and JSON for it.
@Suite struct FavouriteTests {
    typealias H = SocialHarness

    /// The heart's form (its token is the one to send).
    private func heartForm(_ html: String) -> String {
        guard let start = html.range(of: "<form class=\"viewer-favorite\""),
            let end = html[start.upperBound...].range(of: "</form>")
        else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func signedOutTheHeartLeadsToSignInAndComesBackToTheStory() async throws {
        let h = try await SocialHarness()
        let html = await h.app.respond(H.storyPath).text
        await h.stop()
        #expect(!html.contains("class=\"viewer-favorite\""), "no form without an account")
        let heart = HTMLInspection.attributeValues("href", in: html) { $0.contains("viewer-heart") }
        #expect(heart == ["/signin?reason=like&next=" + PercentEncodingForTests.encode(H.storyPath)])
        #expect(html.contains("aria-label=\"Sign in to like this story\""))
    }

    @Test func theHeartWritesAFavouriteToTheOwnRepositoryAndPressingAgainDeletesIt() async throws {
        let h = try await SocialHarness()
        let alice = try await h.signIn()
        let before = await alice.get(H.storyPath).text
        #expect(before.contains("aria-pressed=\"false\""))
        #expect(before.contains("name=\"favorite\" value=\"1\""))
        let token = try #require(CookieJar.csrfToken(in: heartForm(before)))

        let given = await alice.post(H.favoritePath, form: [("csrf", token), ("favorite", "1")])
        #expect(given.status == .seeOther)
        #expect(given.headers["Location"] == H.storyPath)
        let records = h.pds.records("social.grain.favorite", of: FakePDS.Account.alice.did)
        #expect(records.count == 1)
        #expect(records.first?.value["subject"]?.stringValue == H.storyURI)
        #expect(records.first?.value["createdAt"]?.stringValue?.hasSuffix("Z") == true)
        #expect(records.first?.value["$type"]?.stringValue == "social.grain.favorite")
        let after = await alice.get(H.storyPath).text
        #expect(after.contains("aria-pressed=\"true\""))
        #expect(after.contains("name=\"favorite\" value=\"0\""))

        let taken = await alice.post(H.favoritePath, form: [("csrf", token), ("favorite", "0")])
        #expect(taken.status == .seeOther)
        #expect(h.pds.records("social.grain.favorite", of: FakePDS.Account.alice.did).isEmpty)
        #expect(await alice.get(H.storyPath).text.contains("aria-pressed=\"false\""))
        // Pressing "like" twice makes one record, not two.
        _ = await alice.post(H.favoritePath, form: [("csrf", token), ("favorite", "1")])
        _ = await alice.post(H.favoritePath, form: [("csrf", token), ("favorite", "1")])
        #expect(h.pds.records("social.grain.favorite", of: FakePDS.Account.alice.did).count == 1)
        await h.stop()
    }

    /// The state comes from the repository: a heart given elsewhere (Grain's app) shows.
    @Test func aFavouriteAlreadyInTheRepositoryShowsAsGivenAndIsTheOneDeleted() async throws {
        let h = try await SocialHarness()
        let seeded = try h.pds.seedRecord(
            ["subject": .string(H.storyURI), "createdAt": "2026-09-04T17:00:00.000Z"], collection: "social.grain.favorite",
            rkey: "3mfromgrainapp", account: "alice.test")
        _ = try h.pds.seedRecord(
            ["subject": "at://did:plc:other/social.grain.story/3mother", "createdAt": "2026-09-04T17:00:00.000Z"],
            collection: "social.grain.favorite", rkey: "3motherstory1", account: "alice.test")
        let alice = try await h.signIn()
        let page = await alice.get(H.storyPath).text
        #expect(page.contains("aria-pressed=\"true\""))
        let token = try #require(CookieJar.csrfToken(in: heartForm(page)))
        _ = await alice.post(H.favoritePath, form: [("csrf", token), ("favorite", "0")])
        #expect(h.pds.record(uri: seeded.uri) == nil, "the repository's own record was deleted")
        #expect(h.pds.records("social.grain.favorite", of: FakePDS.Account.alice.did).count == 1, "the other story's heart stays")
        await h.stop()
    }

    @Test func theScriptGetsJSONAndTheReasonWhenThePDSRefuses() async throws {
        let h = try await SocialHarness()
        let alice = try await h.signIn()
        let token = try #require(CookieJar.csrfToken(in: heartForm(await alice.get(H.storyPath).text)))
        let body = Array("csrf=\(PercentEncodingForTests.encode(token))&favorite=1".utf8)
        let headers = [("Content-Type", "application/x-www-form-urlencoded"), ("X-GrainStories-Fetch", "1")]
        let given = await alice.respond(.post, H.favoritePath, headers: headers, body: body)
        #expect(given.status == .ok)
        #expect(given.headers["Content-Type"] == "application/json")
        #expect(given.text == #"{"favorited":true,"state":null}"#)

        h.pds.inject(.status(400, error: "InvalidRequest", message: "Invalid record"), on: "com.atproto.repo.deleteRecord", .once)
        let undo = Array("csrf=\(PercentEncodingForTests.encode(token))&favorite=0".utf8)
        let refused = await alice.respond(.post, H.favoritePath, headers: headers, body: undo)
        #expect(refused.status == .ok, "an answer the script reads, not an error in the console")
        #expect(
            refused.text == #"{"favorited":true,"state":null,"error":"Your like was not removed: your account's server refused it."}"#,
            "plain words, not the PDS's error text: \(refused.text)")
        h.pds.inject(.status(400, error: "InvalidRequest", message: "Invalid record"), on: "com.atproto.repo.deleteRecord", .once)
        let withoutScript = await alice.post(H.favoritePath, form: [("csrf", token), ("favorite", "0")])
        #expect(withoutScript.status == .badGateway)
        #expect(withoutScript.text.contains("Your like was not removed: your account&#39;s server refused it."))
        #expect(!withoutScript.text.contains("InvalidRequest"))
        #expect(h.pds.records("social.grain.favorite", of: FakePDS.Account.alice.did).count == 1, "still there")
        #expect(await alice.get(H.storyPath).text.contains("aria-pressed=\"true\""), "the heart is back as it was")
        await h.stop()
    }

    @Test func aFavouriteWithoutAValidFormTokenIsRefusedAndNothingIsWritten() async throws {
        let h = try await SocialHarness()
        let alice = try await h.signIn()
        let bob = try await h.signIn(.bob)
        let bobsToken = try #require(CookieJar.csrfToken(in: heartForm(await bob.get(H.storyPath).text)))
        let missing = await alice.post(H.favoritePath, form: [("favorite", "1")])
        let foreign = await alice.post(H.favoritePath, form: [("csrf", bobsToken), ("favorite", "1")])
        let signedOut = await CookieJar(h.app).post(H.favoritePath, form: [("csrf", bobsToken), ("favorite", "1")])
        #expect(missing.status == .forbidden)
        #expect(foreign.status == .forbidden, "another session's token does not do")
        #expect(signedOut.status == .seeOther)
        #expect(signedOut.headers["Location"]?.hasPrefix("/signin") == true)
        #expect(h.pds.callCount("com.atproto.repo.createRecord") == 0)
        await h.stop()
    }

    /// A PDS that fails (5xx) keeps the heart, says it will retry, and the retry sends it
    /// once; an expired access token is refreshed on the way.
    @Test func aHeartThePDSCannotTakeNowIsKeptAndSentOnceLater() async throws {
        let h = try await SocialHarness()
        let alice = try await h.signIn()
        let token = try #require(CookieJar.csrfToken(in: heartForm(await alice.get(H.storyPath).text)))
        h.pds.inject(.serviceUnavailable, on: "com.atproto.repo.createRecord", .always)
        let body = Array("csrf=\(PercentEncodingForTests.encode(token))&favorite=1".utf8)
        let headers = [("Content-Type", "application/x-www-form-urlencoded"), ("X-GrainStories-Fetch", "1")]
        let answer = await alice.respond(.post, H.favoritePath, headers: headers, body: body)
        #expect(answer.status == .ok)
        #expect(answer.text.contains("will retry"))
        #expect(h.pds.records("social.grain.favorite").isEmpty)
        #expect(await alice.get(H.storyPath).text.contains("aria-pressed=\"true\""), "shown as given meanwhile")

        h.pds.clearFaults()
        h.pds.expireAccessTokens()
        h.clock.advance(600)
        await h.app.socialOutbox.runDue()
        #expect(h.pds.records("social.grain.favorite", of: FakePDS.Account.alice.did).count == 1)
        #expect(h.pds.succeededCallCount("com.atproto.server.refreshSession") >= 1, "the expired token was refreshed")
        await h.app.socialOutbox.runDue()
        #expect(h.pds.succeededCallCount("com.atproto.repo.createRecord") == 1, "sent once")
        await h.stop()
    }

    @Test func anEndedStoryHasNoHeartAndCannotBeLiked() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        let archive = try JSONDecoder().decode(StoriesResponse.self, from: Fixtures.data("getStoryArchive")).stories
        let expired = try #require(archive.last)
        library.update { $0.single[expired.uri] = expired }
        let h = try await SocialHarness(library: library)
        let alice = try await h.signIn()
        let path = "/profile/\(H.maya.rawValue)/story/\(expired.rkey.rawValue)"
        let page = await alice.get(path).text
        #expect(page.contains("more than 24 hours old"))
        #expect(!page.contains("viewer-heart"))
        #expect(!page.contains("Add a comment"))
        let token = try #require(CookieJar.csrfToken(in: await alice.get(H.storyPath).text))
        let refused = await alice.post(path + "/favorite", form: [("csrf", token), ("favorite", "1")])
        #expect(refused.status == .conflict)
        #expect(h.pds.callCount("com.atproto.repo.createRecord") == 0)
        await h.stop()
    }

    /// The author sees the heart on their own story too, beside Delete.
    @Test func theOwnStoryHasTheHeartAndDelete() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        let mine = StoryView(
            uri: ATURI(DID(FakePDS.Account.alice.did)!, .story, "3malicestory1"), cid: "bafyreialice",
            creator: ProfileView(did: DID(FakePDS.Account.alice.did)!, handle: Handle("alice.test")),
            thumb: "https://cdn.grain.social/t/a", fullsize: "https://cdn.grain.social/f/a",
            aspectRatio: AspectRatio(width: 3, height: 4), createdAt: Datetime(AppHarness.fixtureNow.addingTimeInterval(-600)))
        library.update { $0.stories[mine.creator.did] = [mine] }
        let h = try await SocialHarness(library: library)
        let alice = try await h.signIn()
        let page = await alice.get("/profile/\(FakePDS.Account.alice.did)/story/3malicestory1").text
        #expect(page.contains("aria-label=\"Delete this story\""))
        #expect(page.contains("class=\"viewer-favorite\""))
        #expect(page.contains("Add a comment…") && !page.contains("0 comments"))
        await h.stop()
    }
}

/// A PDS that cannot list the favourites: pages go on (the heart shows as not given),
/// they do not ask it again for a while, and pressing the heart says to try later
/// instead of guessing.
@Suite struct FavouriteOutageTests {
    typealias H = SocialHarness

    @Test func aPDSThatCannotListTheHeartsIsNotAskedOnEveryPageAndNoHeartIsGuessed() async throws {
        let h = try await SocialHarness()
        let alice = try await h.signIn()
        h.pds.inject(.internalServerError, on: "com.atproto.repo.listRecords", .always)
        let first = await alice.get(H.storyPath)
        #expect(first.status == .ok)
        #expect(first.text.contains("aria-pressed=\"false\""))
        let asked = h.pds.callCount("com.atproto.repo.listRecords")
        #expect(asked >= 1)
        let second = await alice.get(H.storyPath)
        #expect(second.status == .ok)
        #expect(h.pds.callCount("com.atproto.repo.listRecords") == asked, "not asked again within the pause")
        let token = try #require(CookieJar.csrfToken(in: second.text))
        let pressed = await alice.post(H.favoritePath, form: [("csrf", token), ("favorite", "1")])
        #expect(pressed.status == .serviceUnavailable)
        #expect(pressed.text.contains("cannot be read from your PDS"))
        #expect(h.pds.callCount("com.atproto.repo.createRecord") == 0)
        h.pds.clearFaults()
        h.clock.advance(60)
        #expect(await alice.get(H.storyPath).status == .ok)
        #expect(h.pds.callCount("com.atproto.repo.listRecords") > asked, "asked again after the pause")
        await h.stop()
    }
}
