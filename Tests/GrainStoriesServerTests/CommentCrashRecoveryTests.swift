import ATProtoTestKit
import AppTestKit
import CurlHTTPClient
import Foundation
import HTTPTestKit
import TestKit
import Testing

/// A comment is being written when the server is killed with SIGKILL; started again on
/// the same data directory, the server posts it exactly once: the record key was chosen
/// and stored before the first attempt, so the retry finds a record the first attempt
/// made instead of making a second.
@Suite(.serialized) struct CommentCrashRecoveryTests {
    typealias Crash = CrashRecoveryTests
    static let story = "/profile/did:plc:hbrpoigf3cbfnobm2o4rak3v/story/3muojebufwseb"

    private func run(fault: FakePDS.Fault, waitFor: @escaping (FakePDS) -> Bool) async throws {
        let setup = Crash.Setup(
            pds: try FakePDS(), appView: try StandInAppView(image: try Crash.photo()), data: ProjectPaths.temporaryDirectory("comment-crash"))
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
        let sending = Task { try? await browser.postForm(Self.story + "/comments", [("csrf", token), ("text", "Written during the crash")]) }
        #expect(await Crash.waitUntil { waitFor(setup.pds) }, "the server reached createRecord")
        first.kill9()
        _ = await sending.value
        #expect(!first.log.contains("comment sent"), "the first server finished before it was killed")
        await browser.shutdown()
        setup.pds.clearFaults()

        let second = try ServerProcess(arguments: setup.arguments())
        #expect(await Crash.waitUntil { second.log.contains("comment sent") }, "sent after the restart: \(second.log)")
        let records = setup.pds.records("social.grain.comment")
        #expect(records.count == 1, "exactly once")
        #expect(records.first?.value["text"]?.stringValue == "Written during the crash")
        #expect(setup.pds.succeededCallCount("com.atproto.repo.createRecord") == 1)
        // Shown on the page from the server's own record of it (Grain has not indexed it).
        let visitor = HTTPBrowser(baseURL: second.baseURL)
        #expect(HTMLCount.occurrences(of: "Written during the crash", in: try await visitor.get(Self.story + "/comments").text) == 1)
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
}

/// Counting a text in a page (no HTML parsing needed for a fixed sentence).
enum HTMLCount {
    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
