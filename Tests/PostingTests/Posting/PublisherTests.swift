import ATProtoTestKit
import FeatureTestKit
import Foundation
import Synchronization
import Testing

@testable import ATProto
@testable import Accounts
@testable import Posting
@testable import Social

@Suite struct PublisherTests {
    private func storyRecords(_ harness: PublishingHarness) -> [FakePDS.Record] {
        harness.pds.records("social.grain.story")
    }

    @Test func aDraftBecomesAGrainProfileABlobAndOneStoryRecord() async throws {
        let harness = try await PublishingHarness()
        let account = try await harness.signIn()
        try harness.pds.seedRecord(["$type": "app.bsky.actor.profile", "displayName": "Alice Liddell"], collection: "app.bsky.actor.profile", rkey: "self")
        let place = DraftPlace(
            name: "Powell's City of Books", cell: "8a28f0004a77fff",
            address: AddressLocation(
                country: "US", postalCode: "97209", region: "Oregon", locality: "Portland", street: "1005 West Burnside Street", name: "Powell's City of Books")
        )
        let draft = try await harness.queueDraft(did: account.did, place: place, labels: ["nudity"])
        await harness.publisher.runDue()

        let entry = try #require(try await harness.drafts.progress(draft.id))
        #expect(entry.status == .posted, "\(entry.attempts.problem.map(String.init(describing:)) ?? "")")
        let stories = storyRecords(harness)
        #expect(stories.count == 1)
        let story = try #require(stories.first)
        #expect(story.rkey == draft.storyRKey.rawValue)
        #expect(story.value["$type"]?.stringValue == "social.grain.story")
        #expect(story.value["aspectRatio"]?["width"]?.integerValue == 160)
        #expect(story.value["aspectRatio"]?["height"]?.integerValue == 120)
        #expect(story.value["location"]?["value"]?.stringValue == "8a28f0004a77fff")
        #expect(story.value["location"]?["name"]?.stringValue == "Powell's City of Books")
        #expect(story.value["address"]?["country"]?.stringValue == "US")
        #expect(story.value["labels"]?["values"]?[0]?["val"]?.stringValue == "nudity")
        #expect(story.value["createdAt"]?.stringValue == "2026-09-04T18:00:00.000Z")
        let blob = try #require(harness.pds.blobs().first)
        #expect(story.value["media"]?["ref"]?["$link"]?.stringValue == blob.cid)
        #expect(blob.size == draft.photoBytes)
        let profile = try #require(harness.pds.records("social.grain.actor.profile").first)
        #expect(profile.rkey == "self")
        #expect(profile.value["displayName"]?.stringValue == "Alice Liddell")
        #expect(harness.posted.rkeys == [draft.storyRKey])
        #expect(harness.pds.records("app.bsky.feed.post").isEmpty)
        await harness.stop()
    }

    @Test func anExistingGrainProfileIsLeftAlone() async throws {
        let harness = try await PublishingHarness()
        let account = try await harness.signIn()
        try harness.pds.seedRecord(
            ["$type": "social.grain.actor.profile", "displayName": "Mine", "createdAt": "2026-01-01T00:00:00.000Z"],
            collection: "social.grain.actor.profile", rkey: "self")
        _ = try await harness.queueDraft(did: account.did)
        await harness.publisher.runDue()
        #expect(harness.pds.callCount("com.atproto.repo.putRecord") == 0)
        #expect(harness.pds.records("social.grain.actor.profile").first?.value["displayName"]?.stringValue == "Mine")
        await harness.stop()
    }

    @Test func theCrosspostIsShapedLikeGrainsAndLinksTheStory() async throws {
        let harness = try await PublishingHarness()
        let account = try await harness.signIn()
        let place = DraftPlace(name: "Powell's City of Books, Portland, Oregon, US", cell: "8a28f0004a77fff", address: nil)
        let draft = try await harness.queueDraft(did: account.did, place: place, crosspost: true)
        await harness.publisher.runDue()
        let post = try #require(harness.pds.records("app.bsky.feed.post").first)
        #expect(post.rkey == draft.postRKey.rawValue)
        // The back-link names the author by handle, as Grain's clients now write it.
        let url = "https://grain.social/profile/alice.test/story/\(draft.storyRKey)"
        #expect(post.value["text"]?.stringValue == "\n📍 Powell's City of Books, Portland, Oregon, US\n\n#GrainSocial \(url)")
        #expect(post.value["tags"]?[0]?.stringValue == "grainsocial")
        #expect(post.value["embed"]?["images"]?[0]?["image"]?["ref"]?["$link"]?.stringValue == harness.pds.blobs().first?.cid)
        #expect(post.value["embed"]?["images"]?[0]?["aspectRatio"]?["width"]?.integerValue == 160)
        let facets = try #require(post.value["facets"]?.arrayValue)
        #expect(facets.count == 2)
        #expect(facets[0]["index"]?["byteStart"]?.integerValue == 52)
        #expect(facets[0]["features"]?[0]?["tag"]?.stringValue == "GrainSocial")
        #expect(facets[1]["features"]?[0]?["uri"]?.stringValue == url)
        await harness.stop()
    }

    @Test func aCrosspostOfAnAccountWithoutAUsableHandleLinksTheStoryByDID() throws {
        let composer = CrosspostComposer(storyLinkURL: "https://grain.social/")
        let did: DID = "did:plc:alice2222222222222222222"
        let text = "3n3pozujc74q5"
        let rkey = try #require(RecordKey(text))
        #expect(composer.storyURL(did: did, handle: nil, rkey: rkey) == "https://grain.social/profile/\(did)/story/3n3pozujc74q5")
        #expect(composer.storyURL(did: did, handle: Handle(exactly: "handle.invalid"), rkey: rkey) == "https://grain.social/profile/\(did)/story/3n3pozujc74q5")
        #expect(composer.storyURL(did: did, handle: Handle(exactly: "alice.test"), rkey: rkey) == "https://grain.social/profile/alice.test/story/3n3pozujc74q5")
    }

    @Test func transientFailuresAreRetriedWithBackoffAndPostOnce() async throws {
        let harness = try await PublishingHarness()
        let account = try await harness.signIn()
        harness.pds.inject(.internalServerError, on: "com.atproto.repo.createRecord", .times(2))
        let draft = try await harness.queueDraft(did: account.did)
        await harness.publisher.runDue()
        var entry = try #require(try await harness.drafts.progress(draft.id))
        #expect(entry.status == .pending)
        #expect(entry.step == .story)
        #expect(entry.attempts.count == 1)
        #expect(entry.attempts.nextAt > harness.now)
        #expect(entry.attempts.problem == .unavailable(status: 500, error: "InternalServerError", message: "Internal Server Error"))
        await harness.publisher.runDue()
        #expect(try await harness.drafts.progress(draft.id)?.attempts.count == 1, "nothing runs before the backoff is over")
        harness.advance(3)
        await harness.publisher.runDue()
        harness.advance(10)
        await harness.publisher.runDue()
        entry = try #require(try await harness.drafts.progress(draft.id))
        #expect(entry.status == .posted)
        #expect(storyRecords(harness).count == 1)
        await harness.stop()
    }

    @Test func anAnswerLostAfterTheRecordWasCreatedDoesNotMakeASecondStory() async throws {
        let harness = try await PublishingHarness()
        let account = try await harness.signIn()
        harness.pds.inject(.dropBeforeResponse(handled: true), on: "com.atproto.repo.createRecord")
        let draft = try await harness.queueDraft(did: account.did)
        await harness.publisher.runDue()
        harness.advance(60)
        await harness.publisher.runDue()
        #expect(try await harness.drafts.progress(draft.id)?.status == .posted)
        #expect(storyRecords(harness).count == 1)
        #expect(harness.pds.succeededCallCount("com.atproto.repo.createRecord") == 1)
        await harness.stop()
    }

    @Test func anUploadCutOffMidwayIsRetried() async throws {
        let harness = try await PublishingHarness()
        let account = try await harness.signIn()
        // The HTTP client itself resends a rewindable upload once; make it fail every time.
        harness.pds.inject(.dropDuringRequestBody(), on: "com.atproto.repo.uploadBlob", .always)
        let draft = try await harness.queueDraft(did: account.did)
        await harness.publisher.runDue()
        let waiting = try #require(try await harness.drafts.progress(draft.id))
        #expect(waiting.step == .upload)
        #expect(waiting.status == .pending)
        #expect(harness.pds.blobs().isEmpty)
        harness.pds.clearFaults()
        harness.advance(60)
        await harness.publisher.runDue()
        #expect(try await harness.drafts.progress(draft.id)?.status == .posted)
        #expect(storyRecords(harness).count == 1)
        await harness.stop()
    }

    @Test func anExpiredAccessTokenIsRefreshedTransparently() async throws {
        let harness = try await PublishingHarness()
        let account = try await harness.signIn()
        harness.pds.expireAccessTokens()
        let draft = try await harness.queueDraft(did: account.did)
        await harness.publisher.runDue()
        #expect(try await harness.drafts.progress(draft.id)?.status == .posted)
        let stored = try #require(try await harness.sessions.latest(for: account.did, on: account.pdsURL))
        #expect(stored.tokens.accessToken != account.tokens.accessToken)
        #expect(stored.tokens.refreshToken != account.tokens.refreshToken)
        await harness.stop()
    }

    @Test func aRevokedSessionFailsWithASignInMessageAndRetryWorksAfterSigningInAgain() async throws {
        let harness = try await PublishingHarness()
        let account = try await harness.signIn()
        harness.pds.revokeSessions()
        harness.pds.expireAccessTokens()
        let draft = try await harness.queueDraft(did: account.did)
        await harness.publisher.runDue()
        let failed = try #require(try await harness.drafts.progress(draft.id))
        #expect(failed.status == .failed)
        #expect(failed.attempts.problem == .signedOut)
        #expect(try await harness.sessions.latest(for: account.did, on: account.pdsURL) == nil, "the revoked session is gone")
        #expect(try await harness.drafts.find(draft.id)?.state == .failed)
        _ = try await harness.signIn()
        try await harness.drafts.retry(draft.id, now: harness.now)
        await harness.publisher.runDue()
        #expect(try await harness.drafts.progress(draft.id)?.status == .posted)
        #expect(storyRecords(harness).count == 1)
        await harness.stop()
    }

    @Test func aRefusalIsPermanentAndShownNotRetried() async throws {
        let harness = try await PublishingHarness()
        let account = try await harness.signIn()
        harness.pds.inject(.status(400, error: "InvalidRecord", message: "bad record"), on: "com.atproto.repo.createRecord", .always)
        let draft = try await harness.queueDraft(did: account.did)
        await harness.publisher.runDue()
        let entry = try #require(try await harness.drafts.progress(draft.id))
        #expect(entry.status == .failed)
        #expect(entry.attempts.problem == .refused(status: 400, error: "InvalidRecord", message: "bad record"))
        #expect(storyRecords(harness).isEmpty)
        await harness.stop()
    }

    @Test func theBackgroundLoopPicksUpQueuedWork() async throws {
        let harness = try await PublishingHarness()
        let account = try await harness.signIn()
        await harness.publisher.start()
        let draft = try await harness.queueDraft(did: account.did)
        await harness.publisher.kick()
        var status: PublishProgress.Status?
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            status = try await harness.drafts.progress(draft.id)?.status
            if status == .posted { break }
            try await Task.sleep(for: .milliseconds(25))
        }
        #expect(status == .posted)
        await harness.stop()
    }
}

/// A retry long after the upload: a real PDS drops an upload no record uses, so the
/// story's `createRecord` finds no blob. The publisher uploads the photo again and posts.
@Suite struct ExpiredBlobTests {
    @Test func aStoryRetriedAfterThePDSDroppedItsUploadUploadsAgain() async throws {
        let harness = try await PublishingHarness(pdsFollowsClock: true)
        let account = try await harness.signIn()
        let draft = try await harness.queueDraft(did: account.did)
        harness.pds.inject(.status(503, error: "InternalServerError", message: "down for a moment"), on: "com.atproto.repo.createRecord", .once)
        await harness.publisher.runDue()
        let waiting = try #require(try await harness.drafts.progress(draft.id))
        #expect(waiting.step == .story && waiting.blob != nil && waiting.status == .pending, "uploaded, the story not yet written")
        #expect(harness.pds.callCount("com.atproto.repo.uploadBlob") == 1)

        harness.advance(2 * 3600)  // past the PDS's lifetime for unused uploads
        await harness.publisher.runDue()
        let done = try #require(try await harness.drafts.progress(draft.id))
        #expect(done.status == .posted, "\(done.attempts.problem.map(String.init(describing:)) ?? "")")
        #expect(harness.pds.callCount("com.atproto.repo.uploadBlob") == 2, "the photo was uploaded again")
        let story = try #require(harness.pds.records("social.grain.story").first)
        let link = try #require(story.value["media"]?["ref"]?["$link"]?.stringValue)
        #expect(harness.pds.blobs().contains { $0.cid == link }, "the story's blob is on the PDS")
        await harness.stop()
    }
}
