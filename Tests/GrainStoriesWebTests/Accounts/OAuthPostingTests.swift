import ATProtoTestKit
import AppTestKit
import CurlHTTPClient
import Foundation
import GrainSupport
import LoggingTestKit
import MicroHTTPServer
import PhotoPipeline
import PhotoTestKit
import TestKit
import Testing

@testable import GrainStoriesWeb

/// Posting, hearts and what a narrower grant allows, for an account signed in with
/// OAuth: the stand-in authorization server and PDS check every DPoP proof, token
/// binding and scope, and pass what they accept on to a `FakePDS` (`frontingFakePDS`),
/// so the records that land are inspected there.
@Suite(.serialized) struct OAuthPostingTests {
    struct Setup {
        let server: StandInOAuthServer
        let pds: FakePDS
        let appView: StandInAppView
        let app: LiveApp
        let browser: HTTPBrowser

        static func start(lifetime: Int = 1800) async throws -> Setup {
            let (server, pds) = try StandInOAuthServer.frontingFakePDS(accounts: [.alice], accessTokenLifetime: lifetime)
            let appView = try StandInAppView(image: try JPEGEncoder.encode(TestImages.photoLike(width: 40, height: 40), quality: 80))
            let app = try await LiveApp.startAtKnownAddress(appViewURL: appView.baseURL) {
                $0.oauth = .only
                $0.nominatimURL = nil
            }
            return Setup(server: server, pds: pds, appView: appView, app: app, browser: HTTPBrowser(baseURL: app.baseURL))
        }

        /// Signs Alice in through the authorization server.
        func signIn() async throws {
            let page = try await browser.get("/signin")
            let started = try await browser.postForm(
                "/signin/oauth", [("csrf", try #require(CookieJar.csrfToken(in: page.text))), ("identifier", "alice.test")])
            let onward = try OAuthSignInTests.Flow.onward(started)
            let callback = try #require(server.approve(authorizationURL: onward))
            let back = try await browser.get(String(callback.dropFirst(app.baseURL.count)))
            #expect(back.status == 303, "signed in: \(back.text.prefix(300))")
        }

        /// Uploads a photo and gives the draft's path.
        func upload() async throws -> String {
            let form = try await browser.get("/stories/new")
            let photo = try JPEGEncoder.encode(TestImages.photoLike(width: 320, height: 240), quality: 88)
            let uploaded = try await browser.postMultipart(
                "/stories/new", fields: [("csrf", try #require(CookieJar.csrfToken(in: form.text)))], file: ("photo", "oauth.jpg", photo))
            return try #require(uploaded.headers["Location"], "uploaded: \(uploaded.status) \(uploaded.text.prefix(300))")
        }

        /// Presses Post on the draft (with the crosspost when asked).
        func publish(_ draftPath: String, crosspost: Bool) async throws -> HTTPClientResponse {
            let draft = try await browser.get(draftPath)
            var fields = [("csrf", try #require(CookieJar.csrfToken(in: draft.text))), ("place_name", ""), ("action", "publish")]
            if crosspost { fields.append(("crosspost", "on")) }
            return try await browser.postForm(draftPath, fields)
        }

        func stop() async {
            await browser.shutdown()
            await app.stop()
            await server.stop()
            await appView.stop()
            pds.stop()
        }
    }

    @Test func aStoryAndItsCrosspostArePostedWithTheSessionsOwnProofs() async throws {
        let setup = try await Setup.start()
        try await setup.signIn()
        let draftPath = try await setup.upload()
        #expect(try await setup.publish(draftPath, crosspost: true).status == 303)
        #expect(await eventually(within: .seconds(30)) { setup.pds.records("app.bsky.feed.post").count == 1 }, "\(setup.server.log.refusals)")
        #expect(setup.pds.records("social.grain.story").count == 1)
        #expect(setup.pds.records("social.grain.actor.profile").count == 1, "Grain's profile made before the first story")
        #expect(setup.pds.blobs().count == 1)
        #expect(setup.server.log.proofJTIs.count >= 5, "every PDS call carried a DPoP proof")
        #expect(Set(setup.server.log.proofJTIs).count == setup.server.log.proofJTIs.count, "no proof was sent twice")
        await setup.stop()
    }

    @Test func anAccessTokenThatExpiresMidPublishIsRefreshedOnceAndTheStoryPostedOnce() async throws {
        let setup = try await Setup.start()
        try await setup.signIn()
        let draftPath = try await setup.upload()
        setup.server.expireAccessTokens()
        #expect(try await setup.publish(draftPath, crosspost: false).status == 303)
        #expect(await eventually(within: .seconds(30)) { setup.pds.records("social.grain.story").count == 1 }, "\(setup.server.log.refusals)")
        #expect(setup.server.log.refreshTokensPresented.count == 1, "one refresh")
        #expect(setup.pds.succeededCallCount("com.atproto.repo.createRecord") == 1, "posted once")
        // Still signed in, with the renewed grant on disk.
        #expect(try await setup.browser.get("/stories/new").status == 200)
        await setup.stop()
    }

    @Test func aHeartIsGivenAndTakenBackThroughTheSession() async throws {
        let setup = try await Setup.start()
        try await setup.signIn()
        let story = "/profile/did:plc:hbrpoigf3cbfnobm2o4rak3v/story/3muojebufwseb"
        let page = try await setup.browser.get(story)
        #expect(page.text.contains("class=\"viewer-favorite\""), "the heart is offered")
        let token = try #require(CookieJar.csrfToken(in: page.text))
        #expect(try await setup.browser.postForm(story + "/favorite", [("csrf", token), ("favorite", "1")]).status == 303)
        #expect(await eventually(within: .seconds(30)) { setup.pds.records("social.grain.favorite").count == 1 }, "\(setup.server.log.refusals)")
        #expect(try await setup.browser.postForm(story + "/favorite", [("csrf", token), ("favorite", "0")]).status == 303)
        #expect(await eventually(within: .seconds(30)) { setup.pds.records("social.grain.favorite").isEmpty }, "taken back")
        await setup.stop()
    }

    @Test func aCommentSentAsTheAccessTokenExpiresIsRefreshedOnceAndPostedOnce() async throws {
        let setup = try await Setup.start()
        try await setup.signIn()
        let story = "/profile/did:plc:hbrpoigf3cbfnobm2o4rak3v/story/3muojebufwseb"
        let page = try await setup.browser.get(story + "/comments")
        let token = try #require(CookieJar.csrfToken(in: page.text))
        setup.server.expireAccessTokens()
        #expect(try await setup.browser.postForm(story + "/comments", [("csrf", token), ("text", "Lovely light")]).status == 303)
        #expect(await eventually(within: .seconds(30)) { setup.pds.records("social.grain.comment").count == 1 }, "\(setup.server.log.refusals)")
        #expect(setup.pds.records("social.grain.comment").first?.value["text"]?.stringValue == "Lovely light")
        #expect(setup.server.log.refreshTokensPresented.count == 1, "one refresh")
        // No token or key of the session reached the log.
        let grantFile = try #require(
            try FileManager.default.contentsOfDirectory(atPath: setup.app.configuration.dataDirectory + "/oauth-sessions").first)
        let grant = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: setup.app.configuration.dataDirectory + "/oauth-sessions/" + grantFile))) as? [String: Any])
        let secrets = ["accessToken", "refreshToken", "dpopKey"].compactMap { grant[$0] as? String }
        #expect(secrets.count == 3)
        #expect(!setup.app.logs.lines.contains { line in secrets.contains { line.contains($0) } }, "secrets stay out of the log")
        await setup.stop()
    }

    @Test func aGrantWithoutHeartsOrCommentsSaysSoWhereTheyAreOffered() async throws {
        let setup = try await Setup.start()
        setup.server.grantOnly("atproto blob:image/* repo:social.grain.story?action=create&action=delete")
        try await setup.signIn()
        let story = "/profile/did:plc:hbrpoigf3cbfnobm2o4rak3v/story/3muojebufwseb"
        let comments = try await setup.browser.get(story + "/comments")
        #expect(comments.text.contains("did not allow GrainStories to post comments"))
        #expect(!comments.text.contains("class=\"comment-form\""))
        let token = try #require(CookieJar.csrfToken(in: comments.text))
        let heart = try await setup.browser.postForm(story + "/favorite", [("csrf", token), ("favorite", "1")])
        #expect(heart.status == 403)
        #expect(heart.text.contains("did not allow GrainStories to add and remove hearts"))
        let comment = try await setup.browser.postForm(story + "/comments", [("csrf", token), ("text", "hello")])
        #expect(comment.status == 403)
        #expect(setup.pds.records("social.grain.favorite").isEmpty && setup.pds.records("social.grain.comment").isEmpty)
        await setup.stop()
    }

    @Test func aGrantWithoutPostingSaysSoOnTheStoryFormAndTheUploadIsRefused() async throws {
        let setup = try await Setup.start()
        setup.server.grantOnly("atproto repo:social.grain.favorite?action=create&action=delete")
        try await setup.signIn()
        let form = try await setup.browser.get("/stories/new")
        #expect(form.status == 200)
        #expect(form.text.contains("did not allow GrainStories to post stories"))
        let photo = try JPEGEncoder.encode(TestImages.photoLike(width: 64, height: 48), quality: 80)
        let refused = try await setup.browser.postMultipart(
            "/stories/new", fields: [("csrf", try #require(CookieJar.csrfToken(in: form.text)))], file: ("photo", "x.jpg", photo))
        #expect(refused.status == 403)
        #expect(refused.text.contains("sign out and sign in again"))
        #expect(setup.pds.blobs().isEmpty)
        await setup.stop()
    }

    @Test func aGrantWithoutBlueskyPostsTurnsTheCrosspostOffAndSaysWhy() async throws {
        let setup = try await Setup.start()
        setup.server.grantOnly(
            "atproto blob:image/* repo:social.grain.story?action=create&action=delete repo:social.grain.actor.profile?action=create&action=update")
        try await setup.signIn()
        let draftPath = try await setup.upload()
        let draft = try await setup.browser.get(draftPath)
        #expect(draft.text.contains("name=\"crosspost\" disabled"))
        #expect(draft.text.contains("did not allow GrainStories to post to Bluesky"))
        let refused = try await setup.publish(draftPath, crosspost: true)
        #expect(refused.status == 403)
        #expect(setup.pds.records("social.grain.story").isEmpty, "nothing was sent")
        // Without the crosspost it posts.
        #expect(try await setup.publish(draftPath, crosspost: false).status == 303)
        #expect(await eventually(within: .seconds(30)) { setup.pds.records("social.grain.story").count == 1 })
        #expect(setup.pds.records("app.bsky.feed.post").isEmpty)
        await setup.stop()
    }

    // MARK: A grant that allows part of an action

    static let story = "/profile/did:plc:hbrpoigf3cbfnobm2o4rak3v/story/3muojebufwseb"

    /// Posts a comment on the fixture story and waits until it is on the PDS.
    func comment(_ setup: Setup, _ text: String) async throws {
        let page = try await setup.browser.get(Self.story + "/comments")
        let token = try #require(CookieJar.csrfToken(in: page.text))
        #expect(try await setup.browser.postForm(Self.story + "/comments", [("csrf", token), ("text", text)]).status == 303)
        #expect(await eventually(within: .seconds(30)) { setup.pds.records("social.grain.comment").count == 1 }, "\(setup.server.log.refusals)")
    }

    /// A heart is given and taken back: a grant that allows giving but not taking back
    /// offers no heart anywhere (viewer, comments), and one sent anyway is refused.
    @Test func aGrantThatMayGiveHeartsButNotTakeThemBackOffersNoHeart() async throws {
        let setup = try await Setup.start()
        setup.server.grantOnly("atproto repo:social.grain.favorite?action=create repo:social.grain.comment?action=create&action=delete")
        try await setup.signIn()
        let viewer = try await setup.browser.get(Self.story)
        #expect(viewer.status == 200)
        #expect(!viewer.text.contains("class=\"viewer-favorite\""))
        try await comment(setup, "A comment to heart")
        let comments = try await setup.browser.get(Self.story + "/comments")
        #expect(comments.text.contains("A comment to heart"))
        #expect(comments.text.contains("comment-delete"), "deleting one's comment is allowed")
        #expect(!comments.text.contains("comment-favorite"), "no heart on the comment")
        let token = try #require(CookieJar.csrfToken(in: viewer.text))
        let refused = try await setup.browser.postForm(Self.story + "/favorite", [("csrf", token), ("favorite", "1")])
        #expect(refused.status == 403)
        #expect(setup.pds.records("social.grain.favorite").isEmpty)
        await setup.stop()
    }

    /// A grant that allows posting comments but not deleting them: the form is there,
    /// one's own comment has no delete button, and a delete sent anyway is refused.
    @Test func aGrantThatMayPostCommentsButNotDeleteThemOffersNoDelete() async throws {
        let setup = try await Setup.start()
        setup.server.grantOnly("atproto repo:social.grain.comment?action=create")
        try await setup.signIn()
        let before = try await setup.browser.get(Self.story + "/comments")
        #expect(before.text.contains("class=\"comment-form\""), "posting comments is allowed")
        try await comment(setup, "Mine to keep")
        let page = try await setup.browser.get(Self.story + "/comments")
        #expect(page.text.contains("Mine to keep"))
        #expect(!page.text.contains("comment-delete"))
        let rkey = try #require(setup.pds.records("social.grain.comment").first?.rkey)
        let token = try #require(CookieJar.csrfToken(in: page.text))
        let refused = try await setup.browser.postForm(Self.story + "/comments/\(rkey)/delete", [("csrf", token)])
        #expect(refused.status == 403)
        #expect(setup.pds.records("social.grain.comment").count == 1)
        await setup.stop()
    }

    /// Posts a story (no crosspost) and waits until its viewer shows it (once the
    /// publisher has recorded it as posted here); its record key and viewer path.
    static func postStory(_ setup: Setup) async throws -> (rkey: String, path: String) {
        let draftPath = try await setup.upload()
        #expect(try await setup.publish(draftPath, crosspost: false).status == 303)
        #expect(await eventually(within: .seconds(30)) { setup.pds.records("social.grain.story").count == 1 }, "\(setup.server.log.refusals)")
        let rkey = try #require(setup.pds.records("social.grain.story").first?.rkey)
        let path = "/profile/\(FakePDS.Account.alice.did)/story/\(rkey)"
        #expect(await eventually(within: .seconds(30)) { (try? await setup.browser.get(path))?.status == 200 })
        return (rkey, path)
    }

    /// A grant that allows posting stories but not deleting them: the viewer of one's
    /// own story offers no delete, and the delete page is refused.
    @Test func aGrantThatMayPostStoriesButNotDeleteThemOffersNoDelete() async throws {
        let setup = try await Setup.start()
        setup.server.grantOnly(
            "atproto blob:image/* repo:social.grain.story?action=create repo:social.grain.actor.profile?action=create&action=update")
        try await setup.signIn()
        let (rkey, path) = try await Self.postStory(setup)
        let viewer = try await setup.browser.get(path)
        #expect(viewer.text.contains("viewer-actions"), "the viewer, with its buttons")
        #expect(!viewer.text.contains(rkey + "/delete"))
        #expect(try await setup.browser.get(path + "/delete").status == 403)
        #expect(setup.pds.records("social.grain.story").count == 1)
        await setup.stop()
    }

    /// With the full grant the same viewer offers the delete link (what the test above
    /// finds missing is there to be missed).
    @Test func theFullGrantOffersDeletingOnesOwnStory() async throws {
        let setup = try await Setup.start()
        try await setup.signIn()
        let (rkey, path) = try await Self.postStory(setup)
        #expect(try await setup.browser.get(path).text.contains(rkey + "/delete"))
        await setup.stop()
    }

    // MARK: The account checked again at every refresh

    /// Issue 45: the account moved to another PDS, its token expired, and a story was
    /// posted. The refresh at the old authorization server is followed by a fresh
    /// resolution: the session ends, nothing reaches the old PDS, and the person is
    /// asked to sign in again instead of seeing "Posted".
    @Test func anAccountThatMovedIsSignedOutAtTheRefreshAndNothingIsPosted() async throws {
        let setup = try await Setup.start()
        try await setup.signIn()
        let draftPath = try await setup.upload()
        let blobsBefore = setup.pds.blobs().count
        TestIdentityDirectory.shared.publish(did: FakePDS.Account.alice.did, handle: "alice.test", pds: "https://pds.elsewhere.example")
        setup.server.expireAccessTokens()
        #expect(try await setup.publish(draftPath, crosspost: false).status == 303)
        #expect(
            await eventually(within: .seconds(30)) { (try? await setup.browser.get("/stories/new"))?.status == 303 },
            "signed out: \(setup.server.log.refusals)")
        let draft = try await setup.browser.get(draftPath)
        #expect(draft.status == 303, "the draft asks to sign in again")
        #expect(setup.server.log.refreshTokensPresented.count == 1)
        #expect(setup.pds.records("social.grain.story").isEmpty)
        #expect(setup.pds.records("social.grain.actor.profile").isEmpty)
        #expect(setup.pds.blobs().count == blobsBefore, "no photo went to the old PDS")
        #expect(setup.server.log.revocations >= 1, "the renewed tokens were revoked")
        await setup.stop()
    }

    /// The handle is checked both ways at every refresh: once it points elsewhere, the
    /// account is shown by its DID (the session goes on, as an app password's does).
    @Test func aHandleThatNoLongerPointsBackIsDroppedAtTheRefresh() async throws {
        let setup = try await Setup.start()
        try await setup.signIn()
        #expect(try await setup.browser.get("/").text.contains("@alice.test"))
        let stranger = "did:plc:strangeraaaaaaaaaaaaaaaa"
        TestIdentityDirectory.shared.publish(did: stranger, handle: "alice.test", pds: "https://pds.elsewhere.example")
        // Alice's own document still claims the handle and names her PDS.
        TestIdentityDirectory.shared.stand.setPLCDocument(
            .json(StandInIdentityServer.didDocument(id: FakePDS.Account.alice.did, handles: ["alice.test"], pds: setup.server.pdsURL)),
            for: FakePDS.Account.alice.did)
        setup.server.expireAccessTokens()
        let page = try await setup.browser.get(Self.story)
        let token = try #require(CookieJar.csrfToken(in: page.text))
        #expect(try await setup.browser.postForm(Self.story + "/favorite", [("csrf", token), ("favorite", "1")]).status == 303)
        #expect(await eventually(within: .seconds(30)) { setup.pds.records("social.grain.favorite").count == 1 }, "\(setup.server.log.refusals)")
        let home = try await setup.browser.get("/")
        #expect(home.status == 200)
        #expect(!home.text.contains("@alice.test"))
        #expect(home.text.contains(FakePDS.Account.alice.did))
        await setup.stop()
    }

    /// A grant that may create Bluesky posts but not delete them: the confirmation says
    /// the post stays and links it; deleting takes the story only.
    @Test func aGrantWithoutDeletingBlueskyPostsSaysThePostStaysAndLinksIt() async throws {
        let setup = try await Setup.start()
        setup.server.grantOnly(
            "atproto blob:image/* repo:social.grain.story?action=create&action=delete repo:social.grain.actor.profile?action=create&action=update "
                + "repo:app.bsky.feed.post?action=create")
        try await setup.signIn()
        #expect(try await setup.publish(try await setup.upload(), crosspost: true).status == 303)
        #expect(await eventually(within: .seconds(30)) { setup.pds.records("app.bsky.feed.post").count == 1 }, "\(setup.server.log.refusals)")
        let story = try #require(setup.pds.records("social.grain.story").first)
        let post = try #require(setup.pds.records("app.bsky.feed.post").first)
        let path = "/profile/alice.test/story/\(story.rkey)/delete"
        let confirm = try await setup.browser.get(path)
        #expect(
            confirm.text.contains(
                "The Bluesky post that shares it stays: When you signed in, your account&#39;s server did not allow GrainStories to delete Bluesky posts."))
        #expect(confirm.text.contains("<a href=\"https://bsky.app/profile/\(post.did)/post/\(post.rkey)\" rel=\"noopener\">Open the post on Bluesky</a>"))
        let deleted = try await setup.browser.postForm(path, [("csrf", try #require(CookieJar.csrfToken(in: confirm.text)))])
        #expect(deleted.status == 303)
        #expect(setup.pds.records("social.grain.story").isEmpty)
        #expect(setup.pds.records("app.bsky.feed.post").count == 1, "not asked for: the grant does not allow it")
        #expect(
            !setup.server.log.refusals.contains { $0.contains("ScopeMissing") }, "nothing was sent that the grant refuses: \(setup.server.log.refusals)")
        await setup.stop()
    }

    /// The full grant (what this server asks for) deletes the post with the story.
    @Test func theRequestedGrantDeletesTheCrosspostWithTheStory() async throws {
        let setup = try await Setup.start()
        try await setup.signIn()
        #expect(try await setup.publish(try await setup.upload(), crosspost: true).status == 303)
        #expect(await eventually(within: .seconds(30)) { setup.pds.records("app.bsky.feed.post").count == 1 }, "\(setup.server.log.refusals)")
        let story = try #require(setup.pds.records("social.grain.story").first)
        let path = "/profile/alice.test/story/\(story.rkey)/delete"
        let confirm = try await setup.browser.get(path)
        #expect(confirm.text.contains("The Bluesky post that shares it is deleted with it."))
        #expect(try await setup.browser.postForm(path, [("csrf", try #require(CookieJar.csrfToken(in: confirm.text)))]).status == 303)
        #expect(setup.pds.records("social.grain.story").isEmpty)
        #expect(setup.pds.records("app.bsky.feed.post").isEmpty)
        await setup.stop()
    }
}
