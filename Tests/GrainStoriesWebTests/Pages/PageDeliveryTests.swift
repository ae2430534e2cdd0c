import ATProtoTestKit
import AppTestKit
import Foundation
import GzipCompression
import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb

/// Pages go out with a validator (a 304 when nothing changed), privately cached, and
/// compressed when asked, their form tokens masked afresh in every answer (BREACH).
@Suite struct PageDeliveryTests {
    static let maya = "/profile/did:plc:hbrpoigf3cbfnobm2o4rak3v/story/3muojebufwseb"

    /// `html` with every form token's value taken out.
    static func withoutTokens(_ html: String) -> String {
        html.replacingOccurrences(of: #"name="csrf" value="[^"]*""#, with: #"name="csrf" value="""#, options: .regularExpression)
    }

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

    /// A signed-in person's pages (every one carries the form token in its header) are
    /// compressed, each answer with the token masked afresh: two answers carry different
    /// token strings, both are accepted, a tampered one is refused, and a revisit still
    /// gets a 304 because the tag is made before masking.
    @Test func aSignedInPageIsCompressedWithAFreshlyMaskedTokenAndRevalidates() async throws {
        let pds = try FakePDS(accounts: [.alice])
        let app = try await AppHarness()
        let browser = CookieJar(app)
        #expect(await browser.signIn(identifier: "alice.test", password: FakePDS.Account.alice.password, pds: pds.baseURL).status == .seeOther)
        let visitor = await app.respond("/", headers: [("Accept-Encoding", "gzip")])
        var tokens: [String] = []
        for path in ["/", Self.maya] {
            var pages: [String] = []
            var tags: [String] = []
            for _ in 0..<2 {
                let page = await browser.respond(.get, path, headers: [("Accept-Encoding", "gzip")])
                #expect(page.status == .ok)
                #expect(page.headers["Content-Encoding"] == "gzip", "\(path) is compressed")
                #expect(page.headers["Cache-Control"] == "private, no-cache")
                #expect(page.headers["Vary"] == "Accept-Encoding, Cookie")
                pages.append(String(decoding: try Gzip.decompress(Self.bytes(page)), as: UTF8.self))
                tags.append(try #require(page.headers["ETag"]))
            }
            let pageTokens = try pages.map { try #require(CookieJar.csrfToken(in: $0), "\(path) carries a token") }
            #expect(pageTokens[0] != pageTokens[1], "\(path): each answer masks the token afresh")
            // Apart from the tokens (each one masked on its own), the two answers are the
            // same page, with the same tag.
            #expect(Self.withoutTokens(pages[0]) == Self.withoutTokens(pages[1]))
            #expect(tags[0] == tags[1] && tags[0].hasPrefix("W/\"") && tags[0] != visitor.headers["ETag"])
            tokens += pageTokens
            let again = await browser.respond(.get, path, headers: [("Accept-Encoding", "gzip"), ("If-None-Match", tags[0])])
            #expect(again.status == .notModified, "\(path)")
            #expect(again.body.count == 0)
            // The visitor's tag never revalidates the signed-in page.
            let withVisitorTag = await browser.respond(.get, path, headers: [("If-None-Match", visitor.headers["ETag"] ?? "")])
            #expect(withVisitorTag.status == .ok)
        }
        #expect(Set(tokens).count == tokens.count)
        // Every masked token is this browser's token: each is accepted.
        for token in tokens {
            #expect(await browser.post("/strip", form: [("csrf", token), ("strip", "everyone")]).status == .seeOther)
        }
        // One character changed in the mask or in the masked token, or a token cut short
        // or lengthened: refused like a wrong token.
        let token = tokens[0]
        let flipped: (String, Int) -> String = { token, index in
            var characters = Array(token)
            characters[index] = characters[index] == "A" ? "B" : "A"
            return String(characters)
        }
        for tampered in [
            flipped(token, 3), flipped(token, token.count - 5), String(token.dropLast()), String(token.dropLast(2)), token + "AA", "", "!" + token.dropFirst(),
        ] {
            let refused = await browser.post("/strip", form: [("csrf", tampered), ("strip", "following")])
            #expect(refused.status == .forbidden, "\(tampered)")
        }
        await app.shutdown()
    }

    /// The sign-in page (a token of its own, for a new anonymous cookie) is compressed
    /// with its token masked; a page whose `csrf` field holds something that cannot be
    /// masked is never compressed.
    @Test func aPageWithATokenIsCompressedOnlyWhenTheTokenIsMasked() async throws {
        let app = try await AppHarness()
        let browser = CookieJar(app)
        let signIn = await browser.respond(.get, "/signin", headers: [("Accept-Encoding", "gzip")])
        let again = await browser.respond(.get, "/signin", headers: [("Accept-Encoding", "gzip")])
        await app.shutdown()
        #expect(signIn.status == .ok && again.status == .ok)
        #expect(signIn.headers["Content-Encoding"] == "gzip")
        let tokens = try [signIn, again].map { try #require(CookieJar.csrfToken(in: String(decoding: try Gzip.decompress(Self.bytes($0)), as: UTF8.self))) }
        #expect(tokens[0] != tokens[1])
        #expect(tokens.allSatisfy { $0.count == 86 }, "32 bytes of mask and 32 of masked token")

        let words = Array(String(repeating: "<p>words</p>", count: 200).utf8)
        let request = HTTPRequest(method: .get, target: "/", headers: HTTPHeaders([("Accept-Encoding", "gzip")]))
        for unmaskable in [#"<input name="csrf" value="x">"#, #"<input name="csrf" value="a+b/c">"#, #"<input name="csrf" id="x" value="QUJD">"#] {
            #expect(PageDelivery.response(html: words + Array(unmaskable.utf8), request: request).headers["Content-Encoding"] == nil, "\(unmaskable)")
        }
        let maskable = PageDelivery.response(html: words + Array(#"<input name="csrf" value="QUJD">"#.utf8), request: request)
        #expect(maskable.headers["Content-Encoding"] == "gzip")
        let sent = String(decoding: try Gzip.decompress(Self.bytes(maskable)), as: UTF8.self)
        #expect(!sent.contains("QUJD") && CookieJar.csrfToken(in: sent)?.count == 8)
        #expect(PageDelivery.response(html: words, request: request).headers["Content-Encoding"] == "gzip")
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
