import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import GrainSupport
import HTMLTemplates
import LoggingTestKit
import MicroHTTPServer
import Presentation
import TestKit
import Testing
import Viewing

@testable import Accounts
@testable import GrainStoriesWeb
@testable import Posting
@testable import Social

/// The home page is rendered once per strip and filled per visitor: every filled page is
/// byte for byte what rendering it afresh gives that visitor, one visitor's page never
/// reaches another, and a changed strip is rendered again.
@Suite struct HomePageCacheTests {
    /// The minute the pages are rendered for (the fixtures' "now").
    static let minute = HomePage.minute(AppHarness.fixtureNow)

    /// The page the way `HomePage` rendered it before the cache: the presenter's tiles
    /// for this visitor, in their order (unseen people first), and a full template render.
    static func freshPage(_ app: AppHarness, _ content: StripContent, seen: SeenState, context: RequestContext) throws -> [UInt8] {
        let live = content.authors.filter { $0.storyCount > 0 }
        let values: [String: TemplateValue] = [
            "notice": content.notice.map(TemplateValue.string) ?? .null,
            "hasAuthors": .bool(!live.isEmpty),
            "allSeen": .bool(!live.isEmpty && live.allSatisfy { seen.hasSeenAll(author: $0.profile.did, latestAt: $0.latestAt) }),
            "authors": StripPresenter(signer: app.signer).authors(
                StripOrder.arrange(content.authors, viewer: nil, seen: seen), seen: seen, now: Date(timeIntervalSince1970: TimeInterval(content.minute) * 60),
                stories: app.library.knownStories(of:)),
            "own": .null,
            "hasUnfinished": false,
            "unfinished": .list([]),
            "stripSwitch": .null,
            "followingEmpty": false,
            "isNewcomer": .bool(seen.newestSeen.isEmpty),
        ]
        return try bytes(app.pages.render("home", values, for: context))
    }

    /// The page a response carries, with its form tokens unmasked (each answer masks them
    /// afresh, `TokenMask`), so two answers of the same page compare equal.
    static func bytes(_ response: HTTPResponse) -> [UInt8] {
        guard case .bytes(let bytes) = response.body else { return [] }
        var text = String(decoding: bytes, as: UTF8.self)
        let marker = #"name="csrf" value=""#
        var from = text.startIndex
        while let found = text.range(of: marker, range: from..<text.endIndex), let end = text[found.upperBound...].firstIndex(of: "\"") {
            let value = String(text[found.upperBound..<end])
            let plain = TokenMask.unmask(value).map { Base64URL.encode($0) } ?? value
            text.replaceSubrange(found.upperBound..<end, with: plain)
            from = text.index(found.upperBound, offsetBy: plain.count)
        }
        return Array(text.utf8)
    }

    /// `count` authors with names that need escaping, some without an avatar, some
    /// without stories, a minute apart.
    static func authors(_ count: Int) -> [StoryAuthor] {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")
        return (0..<count).map { index in
            let suffix = String((0..<6).map { alphabet[(index >> ($0 * 5)) & 31] })
            let did = DID("did:plc:cachetestauthor" + String(repeating: "a", count: 24 - 15 - 6) + suffix)!
            let profile = ProfileView(
                did: did, handle: Handle(stringLiteral: "author\(index).example.com"), cid: "",
                displayName: index % 5 == 0 ? "Ana & \"Bo\" <\(index)>" : "Author \(index)",
                avatar: index % 3 == 0 ? nil : "https://cdn.grain.social/avatar/plain/\(did.rawValue)/a\(index)"
            )
            return StoryAuthor(
                profile: profile, storyCount: index % 17 == 16 ? 0 : 1 + index % 3,
                latestAt: Datetime(AppHarness.fixtureNow.addingTimeInterval(Double(-60 * (index + 1))))
            )
        }
    }

    /// Seen states: nothing, everything, and subsets drawn with a fixed seed.
    static func seenStates(for authors: [StoryAuthor]) -> [SeenState] {
        var everything = SeenState()
        for author in authors { everything.markSeen(author: author.profile.did, createdAt: author.latestAt) }
        var random = SplitMix64(seed: 42)
        let subsets: [SeenState] = (0..<3).map { _ in
            var state = SeenState()
            for author in authors where random.next() % 2 == 0 {
                // Sometimes an older story than the newest: not seen yet.
                let older = random.next() % 4 == 0
                state.markSeen(author: author.profile.did, createdAt: older ? Datetime(author.latestAt.date.addingTimeInterval(-30)) : author.latestAt)
            }
            return state
        }
        return [SeenState(), everything] + subsets
    }

    static func account(_ name: String, did: DID) -> AccountSession {
        AccountSession(
            idHash: String(repeating: name == "first" ? "a" : "b", count: 64), did: did, handle: Handle(stringLiteral: "\(name).example.com"),
            displayName: "\(name) <&> \"quoted\"", pdsURL: "https://pds.example",
            tokens: PDSSession(did: did, handle: Handle(stringLiteral: "\(name).example.com"), accessToken: Secret("a"), refreshToken: Secret("r"))
        )
    }

    /// A signed-out visitor without cookies, one with a form-token cookie, and two
    /// signed-in people.
    static func visitors() throws -> [RequestContext] {
        let plain = try RequestContext(request: HTTPRequest(method: .get, target: "/"))
        let withToken = try RequestContext(
            request: HTTPRequest(
                method: .get, target: "/", headers: HTTPHeaders([("Cookie", "csrf=\(String(repeating: "k", count: 43))")])
            ))
        var first = plain
        first.account = account("first", did: "did:plc:firstaccountaaaaaaaaaaaa")
        var second = plain
        second.account = account("second", did: "did:plc:secondaccountaaaaaaaaaaa")
        return [plain, withToken, first, second]
    }

    @Test(arguments: [0, 4, 200])
    func filledPagesAreWhatAFreshRenderGives(count: Int) async throws {
        let app = try await AppHarness()
        // The fixtures' four authors' stories are known: their tiles link to a story,
        // filled per visitor where they saw some but not all (the seen states' "older").
        let cache = HomePageCache(pages: app.pages, strip: StripPresenter(signer: app.signer), knownStories: app.library.knownStories(of:))
        let authors = count == 4 ? try await app.library.storyAuthors().value : Self.authors(count)
        for notice in [nil, "Grain could not be reached just now; these stories may be out of date."] {
            let content = StripContent(authors: authors, notice: notice, minute: Self.minute)
            for seen in Self.seenStates(for: authors) {
                for visitor in try Self.visitors() {
                    let cached = Self.bytes(try cache.response(for: content, seen: seen, request: visitor))
                    let fresh = try Self.freshPage(app, content, seen: seen, context: visitor)
                    #expect(cached == fresh, "\(count) authors, signed in: \(visitor.account != nil)")
                    if count == 4 {
                        #expect(String(decoding: cached, as: UTF8.self).contains(#"class="strip-link" href="/profile/"#), "tiles link to a story")
                    }
                }
            }
        }
        #expect(cache.stripsRendered == 2)
        await app.shutdown()
    }

    @Test func visitorsNeverGetEachOthersPages() async throws {
        let app = try await AppHarness()
        let cache = HomePageCache(pages: app.pages, strip: StripPresenter(signer: app.signer))
        let authors = Self.authors(30)
        let content = StripContent(authors: authors, notice: nil, minute: Self.minute)
        let states = Self.seenStates(for: authors)
        let visitors = try Self.visitors()
        // Every visitor with every seen state, twice over, interleaved: the second round
        // is answered from the remembered pages.
        var pages: [String: [UInt8]] = [:]
        for round in 0..<2 {
            for (stateIndex, seen) in states.enumerated() {
                for (visitorIndex, visitor) in visitors.enumerated() {
                    let page = Self.bytes(try cache.response(for: content, seen: seen, request: visitor))
                    #expect(page == (try Self.freshPage(app, content, seen: seen, context: visitor)), "round \(round)")
                    let key = "\(stateIndex)/\(visitorIndex)"
                    if let earlier = pages[key] { #expect(page == earlier) }
                    pages[key] = page
                }
            }
        }
        let signedIn = visitors.compactMap(\.account)
        for (visitorIndex, visitor) in visitors.enumerated() {
            let text = String(decoding: pages["0/\(visitorIndex)"]!, as: UTF8.self)
            for account in signedIn {
                var owner = visitor
                owner.account = account
                let token = try #require(app.pages.csrf.token(for: owner))
                #expect(text.contains("@\(account.shownHandle)") == (visitor.account == account))
                #expect(text.contains(token) == (visitor.account == account))
            }
        }
        #expect(Set(pages.values).count >= states.count * 3, "pages differ by seen state and by account")
        #expect(cache.stripsRendered == 1)
        await app.shutdown()
    }

    /// A 200-author page (about 290 KB) asked for again is sent prepared from its bytes,
    /// made once; every answer is the page rendered fresh.
    @Test func aLargePageAskedForAgainIsSentPreparedFromItsBytes() async throws {
        let app = try await AppHarness()
        let cache = HomePageCache(pages: app.pages, strip: StripPresenter(signer: app.signer))
        let visitor = try RequestContext(request: HTTPRequest(method: .get, target: "/"))
        let content = StripContent(authors: Self.authors(200), notice: nil, minute: Self.minute)
        let first = try cache.response(for: content, seen: SeenState(), request: visitor)
        let second = try cache.response(for: content, seen: SeenState(), request: visitor)
        let third = try cache.response(for: content, seen: SeenState(), request: visitor)
        let fresh = try Self.freshPage(app, content, seen: SeenState(), context: visitor)
        #expect(fresh.count >= 200 * 1024)
        for response in [first, second, third] { #expect(Self.bytes(response) == fresh) }
        #expect(first.prepared == nil, "the first answer is the page just made")
        #expect(second.prepared != nil && third.prepared === second.prepared, "prepared once, then reused")
        #expect(second.headers["Content-Type"] == first.headers["Content-Type"])
        for (name, value) in SecurityHeaders.all { #expect(second.headers.values(for: name) == [value], "\(name)") }
        await app.shutdown()
    }

    @Test func anUnchangedStripIsRenderedOnceAndAChangedOneAgain() async throws {
        let app = try await AppHarness()
        let cache = HomePageCache(pages: app.pages, strip: StripPresenter(signer: app.signer))
        let visitor = try RequestContext(request: HTTPRequest(method: .get, target: "/"))
        var authors = Self.authors(10)
        let first = StripContent(authors: authors, notice: nil, minute: Self.minute)
        let before = Self.bytes(try cache.response(for: first, seen: SeenState(), request: visitor))
        _ = try cache.response(for: StripContent(authors: Self.authors(10), notice: nil, minute: Self.minute), seen: SeenState(), request: visitor)
        #expect(cache.stripsRendered == 1, "an equal strip, though a new array, is the same page")
        authors[1].storyCount = 9
        let changed = StripContent(authors: authors, notice: nil, minute: Self.minute)
        let after = String(decoding: Self.bytes(try cache.response(for: changed, seen: SeenState(), request: visitor)), as: UTF8.self)
        #expect(cache.stripsRendered == 2)
        #expect(after.contains("Author 1, 9 stories, new"))
        #expect(!String(decoding: before, as: UTF8.self).contains("9 stories"))
        #expect(Self.bytes(try cache.response(for: first, seen: SeenState(), request: visitor)) == before)
        #expect(cache.stripsRendered == 2, "the previous strip is still kept")
        await app.shutdown()
    }

    @Test func theHomePageIsAnsweredAtOnceUnlessSomeoneIsSignedIn() async throws {
        let app = try await AppHarness()
        let request = HTTPRequest(method: .get, target: "/")
        let normal = await app.application.respond(to: request)
        let before = app.application.immediateAnswerCount
        let immediate = try #require(app.application.respondImmediately(to: request))
        #expect(app.application.immediateAnswerCount == before + 1)
        #expect(Self.bytes(immediate) == Self.bytes(normal))
        #expect(immediate.headers["Content-Type"] == normal.headers["Content-Type"])
        #expect(immediate.headers["Cache-Control"] == normal.headers["Cache-Control"])
        #expect(immediate.headers["Content-Security-Policy"] == normal.headers["Content-Security-Policy"])
        // A cookie naming no session is a signed-out visitor, answered at once.
        let stranger = HTTPRequest(method: .get, target: "/", headers: HTTPHeaders([("Cookie", "sid=\(SessionStore.randomToken())")]))
        #expect(app.application.respondImmediately(to: stranger).map(Self.bytes) == Self.bytes(normal))
        // A real session waits for the account in a task.
        let cookie = try await app.sessions.create(
            PDSSession(did: "did:plc:signedinaaaaaaaaaaaaaaaa", handle: "me.example.com", accessToken: Secret("a"), refreshToken: Secret("r")),
            pdsURL: "https://pds.example", displayName: nil
        )
        let signedIn = HTTPRequest(method: .get, target: "/", headers: HTTPHeaders([("Cookie", "sid=\(cookie)")]))
        let counted = app.application.immediateAnswerCount
        #expect(app.application.respondImmediately(to: signedIn) == nil)
        #expect(app.application.immediateAnswerCount == counted)
        #expect((await app.application.respond(to: signedIn)).text.contains("@me.example.com"))
        await app.shutdown()
    }

    /// A page asked for again is sent in the server's prepared form (`StripPage`), with
    /// the same bytes and fields as the first time and each security header once: the
    /// application adds nothing to it.
    @Test func aPageAskedForAgainIsSentPreparedWithTheSameFields() async throws {
        let app = try await AppHarness()
        let request = HTTPRequest(method: .get, target: "/")
        let answers = try (0..<3).map { _ in try #require(app.application.respondImmediately(to: request)) }
        #expect(answers[0].prepared == nil, "the first answer is the page just made")
        #expect(answers[1].prepared != nil && answers[2].prepared != nil)
        #expect(answers[2].prepared === answers[1].prepared, "prepared once")
        for answer in answers {
            #expect(Self.bytes(answer) == Self.bytes(answers[0]))
            #expect(answer.headers.map(\.name) == answers[0].headers.map(\.name))
            #expect(answer.headers.map(\.value) == answers[0].headers.map(\.value))
            for (name, value) in SecurityHeaders.all { #expect(answer.headers.values(for: name) == [value], "\(name)") }
        }
        await app.shutdown()
    }

    @Test func theImmediatePageFollowsTheLibraryAndWaitsWhenItMust() async throws {
        let app = try await AppHarness()
        let request = HTTPRequest(method: .get, target: "/")
        let first = try #require(app.application.respondImmediately(to: request)).text
        #expect(!first.contains("Newcomer"))
        app.library.update { state in
            var newcomer = state.authors[0]
            newcomer.profile = ProfileView(did: "did:plc:newcomeraaaaaaaaaaaaaaaa", handle: "new.example.com", cid: "", displayName: "Newcomer", avatar: nil)
            state.authors.insert(newcomer, at: 0)
        }
        #expect(try #require(app.application.respondImmediately(to: request)).text.contains("Newcomer"))
        app.library.update { $0.mustWait = true }
        #expect(app.application.respondImmediately(to: request) == nil, "nothing cached: the page waits for Grain in a task")
        // A failure Grain is remembered for is answered at once, as the task would answer.
        app.library.update {
            $0.mustWait = false
            $0.failing = true
        }
        let notice = try #require(app.application.respondImmediately(to: request))
        #expect(notice.text == (await app.application.respond(to: request)).text)
        #expect(notice.text.contains("Grain could not be reached just now"))
        // Logged for the first page only: the second, moments later, is counted in the
        // next warning (at most one every 10 s, see `RepeatedWarningGate`).
        #expect(app.logs.lines.filter { $0.contains("the AppView could not be read for the strip") }.count == 1)
        await app.shutdown()
    }
}
