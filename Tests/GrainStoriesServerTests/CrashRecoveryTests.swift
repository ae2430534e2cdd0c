import ATProtoTestKit
import AppTestKit
import CurlHTTPClient
import Foundation
import HTTPTestKit
import PhotoPipeline
import PhotoTestKit
import TestKit
import Testing

/// The server is killed with SIGKILL between uploading the photo and creating the
/// story record, started again on the same data directory, and the story is posted
/// exactly once.
@Suite(.serialized) struct CrashRecoveryTests {
    struct Setup {
        let pds: FakePDS
        let appView: StandInAppView
        let data: String
        func arguments() -> [String] {
            [
                "--host", "127.0.0.1", "--port", "0", "--data-dir", data, "--appview-url", appView.baseURL,
                "--insecure-hosts", "127.0.0.1", "--nominatim-url", "", "--templates-dir", ProjectPaths.templates, "--public-dir", ProjectPaths.publicFiles,
                "--plc-url", TestIdentityDirectory.shared.plcURL, "--handle-resolver-url", TestIdentityDirectory.shared.resolverURL,
            ]
        }
    }

    static func photo() throws -> [UInt8] {
        try JPEGEncoder.encode(TestImages.photoLike(width: 320, height: 240), quality: 88)
    }

    /// Signs in, uploads and presses Post; returns the draft path.
    static func postAStory(_ browser: HTTPBrowser, pds: FakePDS) async throws -> String {
        let signIn = try await browser.get("/signin")
        _ = try await browser.postForm(
            "/signin",
            [
                ("csrf", try token(signIn)), ("identifier", "alice.test"),
                ("password", FakePDS.Account.alice.password), ("pds", pds.baseURL),
            ])
        #expect(browser.cookie("sid") != nil, "signed in")
        let form = try await browser.get("/stories/new")
        let uploaded = try await browser.postMultipart("/stories/new", fields: [("csrf", try token(form))], file: ("photo", "crash.jpg", try photo()))
        let draftPath = try #require(uploaded.headers["Location"])
        let draft = try await browser.get(draftPath)
        let posted = try await browser.postForm(draftPath, [("csrf", try token(draft)), ("place_name", ""), ("action", "publish")])
        #expect(posted.status == 303)
        return draftPath
    }

    static func token(_ response: HTTPClientResponse) throws -> String {
        let text = response.text
        guard let range = text.range(of: "name=\"csrf\" value=\"") else { throw BrowserTestError("no form token on the page") }
        return String(text[range.upperBound...].prefix { $0 != "\"" })
    }

    /// Polls `condition` until it holds; `timeout` only bounds a failure.
    static func waitUntil(timeout: Duration = .seconds(60), _ condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    private func run(fault: FakePDS.Fault, waitFor: @escaping (FakePDS) -> Bool) async throws {
        let setup = Setup(pds: try FakePDS(), appView: try StandInAppView(image: try Self.photo()), data: ProjectPaths.temporaryDirectory("crash"))
        setup.pds.inject(fault, on: "com.atproto.repo.createRecord", fault == .stall ? .always : .once)

        let first = try ServerProcess(arguments: setup.arguments())
        let browser = HTTPBrowser(baseURL: first.baseURL)
        let draftPath = try await Self.postAStory(browser, pds: setup.pds)
        #expect(await Self.waitUntil { waitFor(setup.pds) }, "the server reached createRecord")
        #expect(setup.pds.blobs().count == 1, "the photo was uploaded before the crash")
        first.kill9()
        // Otherwise the restart has nothing to recover and the test proves nothing.
        #expect(!first.log.contains("story published"), "the first server finished posting before it was killed")
        await browser.shutdown()
        setup.pds.clearFaults()

        let second = try ServerProcess(arguments: setup.arguments())
        let again = HTTPBrowser(baseURL: second.baseURL)
        // The same draft page, for the same account after signing in again, says Posted
        // once the outbox entry is saved as posted. From then on nothing is left to
        // retry, so the counts below are final, not a snapshot.
        let signIn = try await again.get("/signin")
        _ = try await again.postForm(
            "/signin",
            [
                ("csrf", try Self.token(signIn)), ("identifier", "alice.test"),
                ("password", FakePDS.Account.alice.password), ("pds", setup.pds.baseURL),
            ])
        #expect(try await Self.waitUntil { try await again.get(draftPath).text.contains("Posted.") }, "posted after the restart: \(second.log)")
        #expect(setup.pds.records("social.grain.story").count == 1, "exactly once")
        #expect(setup.pds.succeededCallCount("com.atproto.repo.createRecord") == 1)
        #expect(second.terminate() == 0)
        await again.shutdown()
        await setup.appView.stop()
        setup.pds.stop()
        try? FileManager.default.removeItem(atPath: setup.data)
    }

    @Test func killedWhileCreatingTheRecordItIsPostedOnceAfterRestart() async throws {
        try await run(fault: .stall) { $0.callCount("com.atproto.repo.createRecord") >= 1 }
    }

    /// The record is created at once but its answer held back, so the kill lands in
    /// exactly that window. (With the connection dropped instead, the first server was
    /// seen posting within milliseconds, before the kill: the crash tested nothing.)
    @Test func killedAfterTheRecordWasCreatedButBeforeTheAnswerItIsNotPostedTwice() async throws {
        try await run(fault: .delay(milliseconds: 60_000)) { $0.succeededCallCount("com.atproto.repo.createRecord") >= 1 }
    }

    /// A story Grain's AppView does not list yet stays visible after a restart (the local
    /// overlay is rebuilt from the database).
    @Test func aJustPostedStoryStillShowsAfterARestart() async throws {
        let setup = Setup(pds: try FakePDS(), appView: try StandInAppView(image: try Self.photo()), data: ProjectPaths.temporaryDirectory("restart"))
        let first = try ServerProcess(arguments: setup.arguments())
        let itself = URL(fileURLWithPath: ServerProcess.binary).resolvingSymlinksInPath().path
        #expect(first.log.contains("photoWorker=\(itself)"), "serve prepares photos with its own executable: \(first.log)")
        let browser = HTTPBrowser(baseURL: first.baseURL)
        _ = try await Self.postAStory(browser, pds: setup.pds)
        #expect(await Self.waitUntil { setup.pds.records("social.grain.story").count == 1 })
        let did = FakePDS.Account.alice.did
        // Linked by handle.
        let handle = FakePDS.Account.alice.handle
        #expect(await Self.waitUntil { (try? await browser.get("/").text.contains("/stories/\(handle)\"")) == true }, "shown at once")
        #expect(first.terminate() == 0)
        await browser.shutdown()

        let second = try ServerProcess(arguments: setup.arguments())
        let visitor = HTTPBrowser(baseURL: second.baseURL)
        #expect(try await visitor.get("/").text.contains("/stories/\(handle)\""), "still shown after the restart")
        let rkey = try #require(setup.pds.records("social.grain.story").first?.rkey)
        let viewer = try await visitor.get("/profile/\(did)/story/\(rkey)")
        #expect(viewer.status == 200)
        #expect(viewer.text.contains("src=\"/local-photos/"))
        #expect(second.terminate() == 0)
        await visitor.shutdown()
        await setup.appView.stop()
        setup.pds.stop()
        try? FileManager.default.removeItem(atPath: setup.data)
    }
}
