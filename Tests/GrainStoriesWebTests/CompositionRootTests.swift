import ATProto
import ATProtoTestKit
import Accounts
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Posting
import TestKit
import Testing

@testable import GrainStoriesWeb

/// The application as its one composition root (`GrainStoriesApp.build`) makes it for
/// `serve`, with every remote edge and the clock replaced by an in-memory fake: each
/// edge given is the one the pages and the publisher use, and nothing reaches the network.
@Suite struct CompositionRootTests {
    /// The app over in-memory edges, and the fakes behind it.
    struct Rig {
        let app: AppHarness
        let pds: InMemoryPDS
        let identity: FakeIdentityResolver
        let geocoder: FakePlaceGeocoder
        let clock: ManualClock
    }

    static func rig(library: FakeStoryLibrary = .fixtureScenario(), storage: Repositories? = nil) async throws -> Rig {
        let clock = ManualClock()
        let pds = InMemoryPDS(clock: { clock.date })
        let identity = FakeIdentityResolver([.alice], pdsURL: pds.baseURL)
        let geocoder = FakePlaceGeocoder()
        let app = try await AppHarness(
            library: library,
            edges: { edges in
                edges.pds = pds
                edges.identity = identity
                edges.geocoder = { _ in geocoder }
                edges.now = { clock.date }
                if let storage { edges.storage = { _ in storage } }
            })
        return Rig(app: app, pds: pds, identity: identity, geocoder: geocoder, clock: clock)
    }

    @Test func theStoryLibraryEdgeDecidesWhoIsOnTheStrip() async throws {
        let fixtures = try await Self.rig()
        let empty = try await Self.rig(library: FakeStoryLibrary())
        let full = await fixtures.app.respond("/").text
        let none = await empty.app.respond("/").text
        await fixtures.app.shutdown()
        await empty.app.shutdown()
        let opens = { (html: String) in
            HTMLInspection.attributeValues("href", in: HTMLInspection.section("strip", in: html)) { $0.contains("data-opens-viewer") }
        }
        #expect(full.contains("<span class=\"strip-name\">Kenji Sato</span>"))
        #expect(opens(full).count == 4)
        #expect(!none.contains("Kenji Sato"))
        #expect(opens(none).isEmpty, "an empty library shows nobody")
    }

    @Test func aStoryGoesThroughTheFakeEdgesAndTheClockEndsItsDay() async throws {
        let rig = try await Self.rig()
        let alice = FakePDS.Account.alice

        // Sign-in: the identity edge finds the PDS (no PDS typed), the PDS edge checks the password.
        let browser = CookieJar(rig.app)
        let form = await browser.get("/signin")
        let signedIn = await browser.post(
            "/signin",
            form: [
                ("csrf", try #require(CookieJar.csrfToken(in: form.text))), ("identifier", alice.handle), ("password", alice.password),
            ])
        #expect(signedIn.status == .seeOther)
        #expect(rig.identity.lookups == [alice.handle])
        #expect(rig.pds.calls.first == "com.atproto.server.createSession")

        // The geocoder edge names the photo's place on the draft.
        let uploaded = try await PostingFlowTests.upload(browser, try PostingFlowTests.photoWithGPS())
        let draftPath = try #require(uploaded.headers["Location"])
        let draft = await browser.get(draftPath)
        #expect(draft.text.contains("value=\"Fake Harbour Lookout\""))
        #expect(rig.geocoder.calls == ["reverse"])

        // Publishing writes the blob and the story record to the PDS edge.
        let posted = await browser.post(
            draftPath,
            form: [
                ("csrf", try #require(CookieJar.csrfToken(in: draft.text))), ("place_name", "Fake Harbour Lookout"), ("action", "publish"),
            ])
        #expect(posted.status == .seeOther)
        await rig.app.publisher.runDue()
        let story = try #require(rig.pds.records("social.grain.story").first)
        #expect(story.value["location"]?["name"]?.stringValue == "Fake Harbour Lookout")
        #expect(rig.pds.blobs().count == 1)
        #expect(await browser.get("/").text.contains("href=\"/stories/\(alice.handle)\""), "the new story is on the strip")

        // The clock edge decides when the story's day is over here.
        rig.clock.advance(by: .seconds(25 * 3600))
        #expect(!(await browser.get("/").text.contains("/stories/\(alice.handle)")))

        // A day later the access token has expired on the PDS (same clock): deleting
        // refreshes the session once and then deletes the record.
        let confirm = await browser.get("/profile/\(alice.did)/story/\(story.rkey)/delete")
        let deleted = await browser.post(
            "/profile/\(alice.did)/story/\(story.rkey)/delete",
            form: [
                ("csrf", try #require(CookieJar.csrfToken(in: confirm.text)))
            ])
        await rig.app.shutdown()
        #expect(deleted.status == .seeOther)
        #expect(rig.pds.records("social.grain.story").isEmpty)
        #expect(
            rig.pds.calls.suffix(3) == [
                "com.atproto.repo.deleteRecord", "com.atproto.server.refreshSession", "com.atproto.repo.deleteRecord",
            ])
    }

    @Test func aPDSAddressTheInMemoryPDSDoesNotServeIsUnreachable() async throws {
        let rig = try await Self.rig()
        let browser = CookieJar(rig.app)
        let form = await browser.get("/signin")
        let answer = await browser.post(
            "/signin",
            form: [
                ("csrf", try #require(CookieJar.csrfToken(in: form.text))), ("identifier", "alice.test"),
                ("password", FakePDS.Account.alice.password), ("pds", "https://elsewhere.example"),
            ])
        await rig.app.shutdown()
        #expect(answer.status == .badGateway)
        #expect(answer.text.contains("elsewhere.example"))
        #expect(rig.pds.calls.isEmpty)
    }

    @Test func theStorageEdgeChoosesWhereTheApplicationKeepsItsState() async throws {
        let memory = Repositories.inMemory()
        let rig = try await Self.rig(storage: memory)
        let sqlite = try await Self.rig()
        for app in [rig.app, sqlite.app] {
            let browser = CookieJar(app)
            let form = await browser.get("/signin")
            let signedIn = await browser.post(
                "/signin",
                form: [
                    ("csrf", try #require(CookieJar.csrfToken(in: form.text))), ("identifier", FakePDS.Account.alice.handle),
                    ("password", FakePDS.Account.alice.password),
                ])
            #expect(signedIn.status == .seeOther)
        }
        #expect(try await memory.sessions.accountsByIDHash().values.map(\.rawValue) == [FakePDS.Account.alice.did])
        let files = { (app: AppHarness) in (try? FileManager.default.contentsOfDirectory(atPath: app.dataDirectory)) ?? [] }
        #expect(!files(rig.app).contains("grainstories.sqlite3"), "the in-memory adapter writes no database")
        #expect(files(sqlite.app).contains("grainstories.sqlite3"), "SQLite in the data directory unless the edge says otherwise")
        await rig.app.shutdown()
        await sqlite.app.shutdown()
    }
}
