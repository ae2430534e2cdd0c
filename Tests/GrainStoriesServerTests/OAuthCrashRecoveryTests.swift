import ATProtoTestKit
import AppTestKit
import CurlHTTPClient
import Foundation
import HTTPTestKit
import TestKit
import Testing

/// The crash tests for a person signed in with OAuth: the server (`--oauth only`, its
/// own public address) is killed with SIGKILL while the story record is on its way to
/// the PDS, started again on the same data directory and address, and posts the story
/// exactly once, with the session's own DPoP key from its grant file (the stand-in PDS
/// refuses a token presented with any other key) and a nonce it asks for afresh.
@Suite(.serialized) struct OAuthCrashRecoveryTests {
    typealias Crash = CrashRecoveryTests

    /// Starts the server on `port` with OAuth, publishing its client at that address.
    static func start(_ setup: Crash.Setup, port: Int) throws -> ServerProcess {
        let arguments =
            setup.arguments().map { $0 == "0" ? String(port) : $0 } + [
                "--oauth", "only", "--public-url", "http://127.0.0.1:\(port)",
            ]
        return try ServerProcess(arguments: arguments)
    }

    private func run(fault: FakePDS.Fault, waitFor: @escaping (FakePDS) -> Bool) async throws {
        let (server, pds) = try StandInOAuthServer.frontingFakePDS(accounts: [.alice])
        let setup = Crash.Setup(pds: pds, appView: try StandInAppView(image: try Crash.photo()), data: ProjectPaths.temporaryDirectory("oauth-crash"))
        // A port that was free a moment ago; taken meanwhile, another is tried.
        var started: (ServerProcess, Int)?
        for _ in 0..<5 where started == nil {
            let port = try LiveApp.freeLoopbackPort()
            if let process = try? Self.start(setup, port: port) { started = (process, port) }
        }
        let (first, port) = try #require(started)
        let browser = HTTPBrowser(baseURL: first.baseURL)
        let page = try await browser.get("/signin")
        let onward = try await browser.postForm("/signin/oauth", [("csrf", try Crash.token(page)), ("identifier", "alice.test")])
        let link = try #require(onward.text.range(of: "class=\"button\" href=\"").map { onward.text[$0.upperBound...].prefix { $0 != "\"" } })
        let callback = try #require(server.approve(authorizationURL: String(link).replacingOccurrences(of: "&amp;", with: "&")))
        #expect(try await browser.get(String(callback.dropFirst(first.baseURL.count))).status == 303)
        #expect(browser.cookie("sid") != nil, "signed in with OAuth")

        pds.inject(fault, on: "com.atproto.repo.createRecord", fault == .stall ? .always : .once)
        let form = try await browser.get("/stories/new")
        let uploaded = try await browser.postMultipart(
            "/stories/new", fields: [("csrf", try Crash.token(form))], file: ("photo", "crash.jpg", try Crash.photo()))
        let draftPath = try #require(uploaded.headers["Location"])
        let draft = try await browser.get(draftPath)
        #expect(try await browser.postForm(draftPath, [("csrf", try Crash.token(draft)), ("place_name", ""), ("action", "publish")]).status == 303)
        #expect(await Crash.waitUntil { waitFor(pds) }, "the server reached createRecord")
        first.kill9()
        #expect(!first.log.contains("story published"), "the first server finished posting before it was killed")
        pds.clearFaults()
        let proofsBefore = server.log.proofJTIs.count

        let second = try Self.start(setup, port: port)
        // The same browser, the same session: it lives in the database and its grant file.
        #expect(try await Crash.waitUntil { try await browser.get(draftPath).text.contains("Posted.") }, "posted after the restart: \(second.log)")
        #expect(pds.records("social.grain.story").count == 1, "exactly once")
        #expect(pds.succeededCallCount("com.atproto.repo.createRecord") == 1)
        #expect(server.log.proofJTIs.count > proofsBefore, "the second server sent its own proofs")
        #expect(!server.log.refusals.contains { $0.contains("bound to another key") }, "with the session's own key: \(server.log.refusals)")
        #expect(second.terminate() == 0)
        await browser.shutdown()
        await setup.appView.stop()
        await server.stop()
        pds.stop()
        try? FileManager.default.removeItem(atPath: setup.data)
    }

    @Test func killedWhileCreatingTheRecordItIsPostedOnceAfterRestart() async throws {
        try await run(fault: .stall) { $0.callCount("com.atproto.repo.createRecord") >= 1 }
    }

    @Test func killedAfterTheRecordWasCreatedButBeforeTheAnswerItIsNotPostedTwice() async throws {
        try await run(fault: .delay(milliseconds: 60_000)) { $0.succeededCallCount("com.atproto.repo.createRecord") >= 1 }
    }
}
