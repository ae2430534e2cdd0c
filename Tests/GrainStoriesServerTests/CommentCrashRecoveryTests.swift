import ATProtoTestKit
import AppTestKit
import CurlHTTPClient
import Foundation
import HTTPTestKit
import TestKit
import Testing

/// A comment (or a reply, or a heart on a comment) is being written when the server is
/// killed with SIGKILL; started again on the same data directory, the server posts it
/// exactly once, as it was asked for (a reply still answers its comment): the record key
/// and the record's content were stored before the first attempt, so the retry finds a
/// record the first attempt made instead of making a second.
@Suite(.serialized) struct CommentCrashRecoveryTests {
    typealias Crash = CrashRecoveryTests
    static let story = "/profile/did:plc:hbrpoigf3cbfnobm2o4rak3v/story/3muojebufwseb"
    static let bobsComment = "at://\(FakePDS.Account.bob.did)/social.grain.comment/3mcomment0001"

    /// What is on its way when the server is killed.
    enum Write: Sendable {
        case comment, reply, heartOnComment

        var collection: String { self == .heartOnComment ? "social.grain.favorite" : "social.grain.comment" }
        var logLine: String { self == .heartOnComment ? "favorite sent" : "comment sent" }
    }

    private func run(_ write: Write = .comment, fault: FakePDS.Fault, waitFor: @escaping (FakePDS) -> Bool) async throws {
        let setup = Crash.Setup(
            pds: try FakePDS(), appView: try StandInAppView(image: try Crash.photo()), data: ProjectPaths.temporaryDirectory("comment-crash"))
        setup.appView.addComment(
            StandInComment(
                uri: Self.bobsComment, subject: "at://did:plc:hbrpoigf3cbfnobm2o4rak3v/social.grain.story/3muojebufwseb",
                authorDID: FakePDS.Account.bob.did, handle: FakePDS.Account.bob.handle, text: "Bob's comment", createdAt: Date().addingTimeInterval(-600)))
        let first = try ServerProcess(arguments: setup.arguments())
        let browser = HTTPBrowser(baseURL: first.baseURL)
        let signIn = try await browser.get("/signin")
        _ = try await browser.postForm(
            "/signin",
            [
                ("csrf", try Crash.token(signIn)), ("identifier", "alice.test"),
                ("password", FakePDS.Account.alice.password), ("pds", setup.pds.baseURL),
            ])
        #expect(browser.cookie("sid") != nil, "signed in")
        let page = try await browser.get(Self.story + "/comments")
        #expect(page.text.contains("class=\"comment-form\""))
        let token = try Crash.token(page)
        setup.pds.inject(fault, on: "com.atproto.repo.createRecord", fault == .stall ? .always : .once)

        // The request waits for the PDS, which does not answer: the kill lands meanwhile.
        let sending = Task {
            switch write {
            case .comment: try? await browser.postForm(Self.story + "/comments", [("csrf", token), ("text", "Written during the crash")])
            case .reply:
                try? await browser.postForm(
                    Self.story + "/comments", [("csrf", token), ("replyTo", Self.bobsComment), ("text", "Written during the crash")])
            case .heartOnComment:
                try? await browser.postForm(Self.story + "/comments/favorite", [("csrf", token), ("subject", Self.bobsComment), ("favorite", "1")])
            }
        }
        #expect(await Crash.waitUntil { waitFor(setup.pds) }, "the server reached createRecord")
        first.kill9()
        _ = await sending.value
        #expect(!first.log.contains(write.logLine), "the first server finished before it was killed")
        await browser.shutdown()
        setup.pds.clearFaults()

        let second = try ServerProcess(arguments: setup.arguments())
        #expect(await Crash.waitUntil { second.log.contains(write.logLine) }, "sent after the restart: \(second.log)")
        let records = setup.pds.records(write.collection)
        #expect(records.count == 1, "exactly once")
        #expect(setup.pds.succeededCallCount("com.atproto.repo.createRecord") == 1)
        let visitor = HTTPBrowser(baseURL: second.baseURL)
        if write == .heartOnComment {
            #expect(records.first?.value["subject"]?.stringValue == Self.bobsComment)
        } else {
            #expect(records.first?.value["text"]?.stringValue == "Written during the crash")
            #expect(records.first?.value["replyTo"]?.stringValue == (write == .reply ? Self.bobsComment : nil))
            // Shown on the page from the server's own record of it (Grain has not indexed it).
            let page = try await visitor.get(Self.story + "/comments").text
            #expect(HTMLCount.occurrences(of: "Written during the crash", in: page) == 1)
            #expect(page.contains("<ol class=\"comment-replies\"") == (write == .reply), "a reply is shown under its comment")
        }
        #expect(second.terminate() == 0)
        await visitor.shutdown()
        await setup.appView.stop()
        setup.pds.stop()
        try? FileManager.default.removeItem(atPath: setup.data)
    }

    @Test func killedWhileTheCommentWasOnItsWayItIsPostedOnceAfterRestart() async throws {
        try await run(fault: .stall) { $0.callCount("com.atproto.repo.createRecord") >= 1 }
    }

    /// The record was created but its answer held back, so the kill lands in the window
    /// where the PDS has it and the server does not know.
    @Test func killedAfterThePDSStoredTheCommentItIsNotPostedTwice() async throws {
        try await run(fault: .delay(milliseconds: 60_000)) { $0.succeededCallCount("com.atproto.repo.createRecord") >= 1 }
    }

    @Test func killedWhileAReplyWasOnItsWayItIsPostedOnceStillAReplyAfterRestart() async throws {
        try await run(.reply, fault: .stall) { $0.callCount("com.atproto.repo.createRecord") >= 1 }
    }

    @Test func killedAfterThePDSStoredAHeartOnACommentItIsNotGivenTwice() async throws {
        try await run(.heartOnComment, fault: .delay(milliseconds: 60_000)) { $0.succeededCallCount("com.atproto.repo.createRecord") >= 1 }
    }
}

/// Counting a text in a page (no HTML parsing needed for a fixed sentence).
enum HTMLCount {
    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
