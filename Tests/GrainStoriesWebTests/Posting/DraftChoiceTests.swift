import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import PhotoPipeline
import PhotoTestKit
import TestKit
import Testing

@testable import Accounts
@testable import GrainStoriesWeb
@testable import Posting
@testable import Social

/// The draft page's choices: searching for a place (with and without the script),
/// leaving the place out, and discarding.
@Suite struct DraftChoiceTests {
    typealias Flow = PostingFlowTests

    /// A signed-in browser with one draft made from `photo`.
    private func draft(_ photo: [UInt8], nominatim: StandInNominatim?) async throws -> (AppHarness, FakePDS, CookieJar, String) {
        let pds = try FakePDS()
        let app = try await AppHarness(nominatimURL: nominatim?.baseURL)
        let (browser, _) = try await Flow.signIn(app, pds)
        let path = try #require(try await Flow.upload(browser, photo).headers["Location"])
        return (app, pds, browser, path)
    }

    private func publish(_ browser: CookieJar, _ path: String, _ fields: [(String, String)]) async throws -> HTTPResponse {
        let page = await browser.get(path)
        return await browser.post(path, form: [("csrf", try #require(CookieJar.csrfToken(in: page.text))), ("action", "publish")] + fields)
    }

    @Test func searchingWithoutTheScriptOffersPlacesAndTheChosenOneIsPosted() async throws {
        let nominatim = try StandInNominatim()
        let (app, pds, browser, path) = try await draft(try Flow.photoWithGPS(), nominatim: nominatim)
        let page = await browser.get(path)
        let results = await browser.post(path, form: [("csrf", try #require(CookieJar.csrfToken(in: page.text))), ("action", "search"), ("query", "powell")])
        #expect(results.status == .ok)
        let tokens = HTMLInspection.attributeValues("value", in: results.text) { $0.contains("name=\"place_token\"") }
        #expect(tokens.count == 2)
        #expect(results.text.contains("Powell&#39;s Books on Hawthorne"))
        let posted = try await publish(browser, path, [("place_name", "Powell's Books on Hawthorne"), ("place_token", tokens[1])])
        #expect(posted.status == .seeOther)
        await app.publisher.runDue()
        let story = try #require(pds.records("social.grain.story").first)
        // h3 4.5.0: h3.latlng_to_cell(45.5120893, -122.6247201, 10) — the searched place's own position.
        #expect(story.value["location"]?["value"]?.stringValue == "8a28f0030367fff")
        #expect(story.value["location"]?["name"]?.stringValue == "Powell's Books on Hawthorne")
        #expect(story.value["address"]?["locality"]?.stringValue == "Portland")
        await app.shutdown()
        await nominatim.stop()
        pds.stop()
    }

    /// Without GPS, searching is how a place gets chosen: the search comes before the name
    /// and is a real button; with a suggested place it stays a quiet link after the name.
    @Test func withoutGPSTheSearchComesFirst() async throws {
        let nominatim = try StandInNominatim()
        let (app, pds, browser, noGPS) = try await draft(Fixtures.bytes("tiny-24x32.jpg"), nominatim: nominatim)
        let bare = await browser.get(noGPS).text
        let withGPS = try #require(try await Flow.upload(browser, try Flow.photoWithGPS()).headers["Location"])
        let suggested = await browser.get(withGPS).text
        await app.shutdown()
        await nominatim.stop()
        pds.stop()
        func order(_ html: String) throws -> (search: String.Index, name: String.Index) {
            (try #require(html.range(of: "id=\"query\"")).lowerBound, try #require(html.range(of: "id=\"place_name\"")).lowerBound)
        }
        let first = try order(bare)
        #expect(first.search < first.name, "no GPS: search first")
        #expect(bare.contains("<button class=\"button\" type=\"submit\" name=\"action\" value=\"search\">"))
        let after = try order(suggested)
        #expect(after.name < after.search, "a suggested place: the name first")
        #expect(suggested.contains("<button class=\"link-button\" type=\"submit\" name=\"action\" value=\"search\">"))
    }

    @Test func theScriptsPlaceSearchAnswersJSONToTheOwnerOnly() async throws {
        let nominatim = try StandInNominatim()
        let (app, pds, browser, path) = try await draft(try Flow.photoWithGPS(), nominatim: nominatim)
        let answer = await browser.get(path + "/places?q=powell")
        #expect(answer.status == .ok)
        #expect(answer.headers["Content-Type"] == "application/json")
        let places = try #require(try JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [[String: String]])
        #expect(places.map { $0["name"] } == ["Powell's City of Books", "Powell's Books on Hawthorne"])
        #expect(places.allSatisfy { ($0["token"] ?? "").contains(".") })
        #expect(await CookieJar(app).get(path + "/places?q=powell").status == .seeOther, "not signed in")
        await app.shutdown()
        await nominatim.stop()
        pds.stop()
    }

    @Test func aForgedPlaceChoiceIsIgnored() async throws {
        let nominatim = try StandInNominatim()
        let (app, pds, browser, path) = try await draft(try Flow.photoWithGPS(), nominatim: nominatim)
        let forged = PlaceTokens(key: Array(repeating: 1, count: 32)).token(for: DraftPlace(name: "Elsewhere", cell: "8a2a1072b59ffff", address: nil))
        _ = try await publish(browser, path, [("place_name", "Powell's City of Books"), ("place_token", forged)])
        await app.publisher.runDue()
        let story = try #require(pds.records("social.grain.story").first)
        #expect(story.value["location"]?["value"]?.stringValue == "8a28f0004a77fff", "the suggestion from the photo's GPS, not the forged cell")
        await app.shutdown()
        await nominatim.stop()
        pds.stop()
    }

    @Test func thePlaceCanBeLeftOut() async throws {
        let (app, pds, browser, path) = try await draft(try Flow.photoWithGPS(), nominatim: nil)
        _ = try await publish(browser, path, [("place_name", "Somewhere"), ("no_place", "on")])
        await app.publisher.runDue()
        let story = try #require(pds.records("social.grain.story").first)
        #expect(story.value["location"] == nil)
        #expect(story.value["address"] == nil)
        await app.shutdown()
        pds.stop()
    }

    @Test func aNamedPlaceNeedsAPositionOrASearchResult() async throws {
        let noGPS = try JPEGEncoder.encode(TestImages.photoLike(width: 200, height: 150), quality: 90)
        let (app, pds, browser, path) = try await draft(noGPS, nominatim: nil)
        let refused = try await publish(browser, path, [("place_name", "My kitchen")])
        #expect(refused.status == .badRequest)
        #expect(refused.text.contains("must be chosen from the search results"))
        #expect(try await app.drafts.progress(try DraftID(checking: String(path.dropFirst("/drafts/".count)))) == nil)
        await app.shutdown()
        pds.stop()
    }

    @Test func discardingRemovesTheDraftAndItsPhoto() async throws {
        let (app, pds, browser, path) = try await draft(try Flow.photoWithGPS(), nominatim: nil)
        let draftsBefore = try FileManager.default.contentsOfDirectory(atPath: app.dataDirectory + "/drafts")
        #expect(draftsBefore.count == 1)
        let page = await browser.get(path)
        // Discard is a second step apart from Post: not a button of the posting form, but
        // a disclosure that unfolds what it does and its one button.
        let postForm = try #require(page.text.range(of: "<form class=\"stack-form draft-form\"").map { page.text[$0.lowerBound...] })
        let formEnd = try #require(postForm.range(of: "</form>"))
        #expect(!postForm[..<formEnd.lowerBound].contains("value=\"discard\""), "no Discard beside Post")
        let step = try #require(page.text.range(of: "<details class=\"discard-draft\">").map { String(page.text[$0.lowerBound...].prefix(700)) })
        #expect(step.contains("<summary class=\"link-button\">Discard this draft…</summary>"))
        #expect(step.contains("The photo is deleted from this server and nothing is posted. This cannot be undone."))
        #expect(step.contains("name=\"action\" value=\"discard\">Yes, discard it</button>"))
        let discarded = await browser.post(path, form: [("csrf", try #require(CookieJar.csrfToken(in: page.text))), ("action", "discard")])
        #expect(discarded.status == .seeOther)
        let landing = try #require(discarded.headers["Location"])
        #expect(landing == "/?done=discarded")
        let home = await browser.get(landing).text
        #expect(home.contains("<p role=\"status\">Draft discarded. Its photo has been deleted from this server.</p>"), "the page you land on says so")
        #expect(!(await browser.get("/").text.contains("Draft discarded")), "only where it was asked for")
        #expect(!(await browser.get("/?done=%3Cb%3Ehi").text.contains("done-message")), "only the fixed messages")
        #expect(await browser.get(path).status == .notFound)
        #expect(try FileManager.default.contentsOfDirectory(atPath: app.dataDirectory + "/drafts").isEmpty)
        #expect(pds.records("social.grain.story").isEmpty)
        await app.shutdown()
        pds.stop()
    }
}
