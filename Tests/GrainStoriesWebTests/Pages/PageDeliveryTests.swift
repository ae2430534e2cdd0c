import ATProtoTestKit
import AppTestKit
import Foundation
import GzipCompression
import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb

/// Pages go out with a validator (a 304 when nothing changed), privately cached, and
/// compressed when asked unless they carry a form token (BREACH).
@Suite struct PageDeliveryTests {
    static let maya = "/profile/did:plc:hbrpoigf3cbfnobm2o4rak3v/story/3muojebufwseb"

    static func bytes(_ response: HTTPResponse) -> [UInt8] {
        if case .bytes(let bytes) = response.body { return bytes }
        return []
    }

    @Test(arguments: ["/", maya, "/profile/mayaokafor.bsky.social", "/tv"])
    func aVisitorsPageIsCompressedWhenAskedAndIsTheSamePage(path: String) async throws {
        let app = try await AppHarness()
        let plain = await app.respond(path)
        let compressed = await app.respond(path, headers: [("Accept-Encoding", "gzip, deflate, br")])
        await app.shutdown()
        #expect(plain.status == .ok && compressed.status == .ok)
        #expect(plain.headers["Content-Encoding"] == nil)
        #expect(compressed.headers["Content-Encoding"] == "gzip")
        #expect(try Gzip.decompress(Self.bytes(compressed)) == Self.bytes(plain))
        #expect(Self.bytes(compressed).count * 3 < Self.bytes(plain).count)
        for response in [plain, compressed] {
            #expect(response.headers["Cache-Control"] == "private, no-cache")
            #expect(response.headers["Vary"] == "Accept-Encoding, Cookie")
        }
        // Each representation has its own strong tag.
        let tags = [plain.headers["ETag"], compressed.headers["ETag"]]
        #expect(tags.allSatisfy { $0?.hasPrefix("\"") == true })
        #expect(tags[0] != tags[1])
    }

    @Test(arguments: [false, true])
    func aRevisitWithTheTagGetsA304AndAChangedPageDoesNot(compressed: Bool) async throws {
        let app = try await AppHarness()
        let encoding = compressed ? [("Accept-Encoding", "gzip")] : []
        for path in ["/", Self.maya] {
            let first = await app.respond(path, headers: encoding)
            let tag = try #require(first.headers["ETag"])
            let again = await app.respond(path, headers: encoding + [("If-None-Match", tag)])
            #expect(again.status == .notModified, "\(path)")
            #expect(again.headers["ETag"] == tag)
            #expect(again.body.count == 0)
            #expect(again.headers["Cache-Control"] == "private, no-cache")
            // Another visitor's page (here: one who has seen everything) is another page.
            let other = await app.respond(path, headers: encoding + [("If-None-Match", "\"somethingelse\"")])
            #expect(other.status == .ok)
        }
        await app.shutdown()
    }

    /// The seen rings are part of the page: a tag from before a story was seen does not
    /// give a 304 for the page after it.
    @Test func theTagCoversWhatDiffersPerVisitor() async throws {
        let app = try await AppHarness()
        let browser = CookieJar(app)
        let before = await browser.get("/")
        let tag = try #require(before.headers["ETag"])
        #expect(await browser.respond(.get, "/", headers: [("If-None-Match", tag)]).status == .notModified)
        _ = await browser.get(Self.maya)
        let after = await browser.respond(.get, "/", headers: [("If-None-Match", tag)])
        await app.shutdown()
        #expect(after.status == .ok)
        #expect(after.headers["ETag"] != tag)
    }

    @Test func aSignedInPageCarriesItsTokenUncompressedButStillRevalidates() async throws {
        let pds = try FakePDS(accounts: [.alice])
        let app = try await AppHarness()
        let browser = CookieJar(app)
        #expect(await browser.signIn(identifier: "alice.test", password: FakePDS.Account.alice.password, pds: pds.baseURL).status == .seeOther)
        let visitor = await app.respond("/", headers: [("Accept-Encoding", "gzip")])
        for path in ["/", Self.maya] {
            let page = await browser.respond(.get, path, headers: [("Accept-Encoding", "gzip")])
            #expect(page.status == .ok)
            #expect(CookieJar.csrfToken(in: page.text) != nil, "\(path) carries a token")
            #expect(page.headers["Content-Encoding"] == nil, "\(path) is not compressed")
            #expect(page.headers["Cache-Control"] == "private, no-cache")
            #expect(page.headers["Vary"] == "Accept-Encoding, Cookie")
            let tag = try #require(page.headers["ETag"])
            #expect(tag != visitor.headers["ETag"])
            let again = await browser.respond(.get, path, headers: [("Accept-Encoding", "gzip"), ("If-None-Match", tag)])
            #expect(again.status == .notModified, "\(path)")
            // The visitor's tag never revalidates the signed-in page.
            let withVisitorTag = await browser.respond(.get, path, headers: [("If-None-Match", visitor.headers["ETag"] ?? "")])
            #expect(withVisitorTag.status == .ok)
        }
        await app.shutdown()
    }

    @Test func noPageWithAFormTokenIsEverCompressed() async throws {
        let app = try await AppHarness()
        // The sign-in page carries a token of its own (a new anonymous cookie's).
        let signIn = await app.respond("/signin", headers: [("Accept-Encoding", "gzip")])
        await app.shutdown()
        #expect(signIn.status == .ok)
        #expect(CookieJar.csrfToken(in: signIn.text) != nil)
        #expect(signIn.headers["Content-Encoding"] == nil)

        let withToken = Array(String(repeating: "<p>words</p>", count: 200).utf8) + Array(#"<input name="csrf" value="x">"#.utf8)
        let request = HTTPRequest(method: .get, target: "/", headers: HTTPHeaders([("Accept-Encoding", "gzip")]))
        #expect(PageDelivery.response(html: withToken, request: request).headers["Content-Encoding"] == nil)
        let withoutToken = Array(withToken.dropLast(30))
        #expect(PageDelivery.response(html: withoutToken, request: request).headers["Content-Encoding"] == "gzip")
    }

    /// The home page of a visitor is remembered and sent prepared; the 304 and the
    /// compressed copy come from it too.
    @Test func aRememberedHomePageAnswersBothWaysAndRevalidates() async throws {
        let app = try await AppHarness()
        var answers: [HTTPResponse] = []
        for _ in 0..<3 {
            answers.append(await app.respond("/", headers: [("Accept-Encoding", "gzip")]))
            answers.append(await app.respond("/"))
        }
        let tag = try #require(answers[0].headers["ETag"])
        let notModified = await app.respond("/", headers: [("Accept-Encoding", "gzip"), ("If-None-Match", tag)])
        await app.shutdown()
        let compressed = answers.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let plain = answers.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        #expect(Set(compressed.map { Self.bytes($0) }).count == 1)
        #expect(Set(plain.map { Self.bytes($0) }).count == 1)
        #expect(compressed.allSatisfy { $0.headers["Content-Encoding"] == "gzip" && $0.headers["ETag"] == tag })
        #expect(try Gzip.decompress(Self.bytes(compressed[0])) == Self.bytes(plain[0]))
        #expect(notModified.status == .notModified)
    }
}
