import ATProto
import ATProtoTestKit
import AppTestKit
import MicroHTTPServer
import Posting
import Testing

@testable import GrainStoriesWeb

/// Route parameters reach handlers typed: a missing or malformed one is a 404 before
/// any handler looks anything up, never an empty string.
@Suite struct RouteParameterTests {
    private func context(_ parameters: [String: String]) throws -> RequestContext {
        try RequestContext(request: HTTPRequest(method: .get, target: "/"), parameters: parameters)
    }

    /// The status of the HTTP error `body` throws; nil when it throws none.
    private func status(_ body: () throws -> Void) -> HTTPStatus? {
        do { try body() } catch let error as HTTPError { return error.status } catch { return nil }
        return nil
    }

    @Test func draftIDsAreBase64URLUpToSixtyFourCharacters() {
        // `as String`: where FeatureTestKit is imported, `DraftID("…")` is a literal.
        #expect(DraftID("Ab9-_xYz0123456789abcd" as String)?.rawValue == "Ab9-_xYz0123456789abcd")
        #expect(DraftID("" as String) == nil)
        #expect(DraftID("a.b" as String) == nil)
        #expect(DraftID("a b" as String) == nil)
        #expect(DraftID(String(repeating: "a", count: 64)) != nil)
        #expect(DraftID(String(repeating: "a", count: 65)) == nil)
    }

    @Test func aParameterTheRouteDidNotCaptureIsNotFound() throws {
        let context = try context(["id": "abc"])
        #expect(status { _ = try context.parameter("rkey") } == .notFound)
        #expect(status { _ = try context.parameter("rkey", as: RecordKey.self) } == .notFound)
        #expect(try context.parameter("id") == "abc")
    }

    @Test func malformedTypedParametersAreNotFound() throws {
        let context = try context(["id": "no.such/draft", "actor": "not an actor", "rkey": "bad key!"])
        #expect(status { _ = try context.parameter("id", as: DraftID.self) } == .notFound)
        #expect(status { _ = try context.actorParameter() } == .notFound)
        #expect(status { _ = try context.parameter("rkey", as: RecordKey.self) } == .notFound)
    }

    @Test func wellFormedTypedParametersAreParsed() throws {
        let context = try context(["id": "draft_1", "actor": "Alice.Test", "rkey": "3muojebufwseb"])
        #expect(try context.parameter("id", as: DraftID.self).rawValue == "draft_1")
        #expect(try context.actorParameter() == ATIdentifier("alice.test"))
        #expect(try context.parameter("rkey", as: RecordKey.self).rawValue == "3muojebufwseb")
    }

    @Test func malformedDraftAndActorAddressesAreNotFoundThroughTheApp() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let browser = CookieJar(app)
        _ = await browser.signIn(identifier: "alice.test", password: FakePDS.Account.alice.password, pds: pds.baseURL)
        #expect(await browser.get("/drafts/no.such.draft").status == .notFound)
        #expect(await browser.get("/drafts/no.such.draft/photo").status == .notFound)
        #expect(await browser.get("/local-photos/%7Edraft").status == .notFound)
        // A malformed author was answered 403 ("only the author") before it was typed.
        #expect(await browser.get("/profile/not%20an%20actor/story/3muojebufwseb/delete").status == .notFound)
    }
}
