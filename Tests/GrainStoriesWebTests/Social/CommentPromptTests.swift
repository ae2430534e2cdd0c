import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb

/// What the viewer and the comments page ask of a person: deleting a comment asks first,
/// a story with no comments prints no "0 comments", and a signed-out ♥ or "Sign in to
/// comment" leads to a sign-in page that says which.
@Suite struct CommentPromptTests {
    typealias H = SocialHarness

    @Test func deletingACommentAsksFirstInPlace() async throws {
        let h = try await SocialHarness()
        let alice = try await h.signIn()
        let token = try #require(CookieJar.csrfToken(in: await alice.get(H.commentsPath).text))
        _ = await alice.post(H.commentsPath, form: [("csrf", token), ("text", "Mine to delete")])
        let page = await alice.get(H.commentsPath).text
        await h.stop()
        let confirm = try #require(page.range(of: "<details class=\"comment-delete-confirm\">").map { String(page[$0.lowerBound...].prefix(600)) })
        #expect(confirm.contains("<summary class=\"link-button\">Delete</summary>"), "Delete only unfolds the question")
        let form = try #require(confirm.range(of: "<form class=\"comment-delete\""))
        let yes = try #require(confirm.range(of: ">Yes, delete</button>"))
        #expect(form.lowerBound < yes.lowerBound && confirm.contains("Delete this comment?"))
        #expect(HTMLInspection.count("class=\"comment-delete\"", in: page) == 1, "no delete button outside the confirmation")
    }

    @Test func aStoryWithoutCommentsPrintsNoCount() async throws {
        let h = try await SocialHarness()
        let none = await h.app.respond(H.storyPath).text
        h.addComment("First!", rkey: "3mcomment0001", minutesAgo: 5)
        let one = await h.app.respond(H.storyPath).text
        await h.stop()
        #expect(!none.contains("0 comments") && !none.contains("class=\"comment-preview\""))
        #expect(none.contains("Add a comment…"), "commenting is still offered")
        #expect(one.contains("<span class=\"comment-count\">1 comment</span>"))
    }

    @Test func signingInFromAHeartOrACommentSaysWhich() async throws {
        let h = try await SocialHarness()
        let viewer = HTMLInspection.unescape(await h.app.respond(H.storyPath).text)
        let comments = HTMLInspection.unescape(await h.app.respond(H.commentsPath).text)
        await h.stop()
        let heart = try #require(HTMLInspection.attributeValues("href", in: viewer) { $0.contains("viewer-heart") }.first)
        #expect(heart.hasPrefix("/signin?reason=like&next="), "\(heart)")
        let signIn = try #require(
            HTMLInspection.attributeValues("href", in: comments) { $0.contains(">Sign in to comment<") || $0.contains("class=\"button\"") }.first)
        #expect(signIn.hasPrefix("/signin?reason=comment&next="), "\(signIn)")
    }
}
