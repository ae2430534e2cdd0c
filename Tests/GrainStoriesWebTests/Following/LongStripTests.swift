import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import GrainSupport
import MicroHTTPServer
import Presentation
import Testing
import Viewing

@testable import GrainStoriesWeb

/// A busy network: 200 people with stories. The page stays light (past the first screen's
/// people no avatar or cover is fetched before it scrolls into view), and a signed-in
/// person who follows a few of them
/// gets a strip of just those, the rest one switch away.
@Suite struct LongStripTests {
    static let authors = HomePageCacheTests.authors(200)
    static let live = authors.filter { $0.storyCount > 0 }

    static func busyLibrary() -> FakeStoryLibrary {
        let library = FakeStoryLibrary()
        let authors = Self.authors
        library.update { state in
            state.authors = authors
            for author in authors { state.stories[author.profile.did] = FakeStoryLibrary.syntheticStories(for: author) }
        }
        return library
    }

    /// Every image of the strip and the grid past the first screen's people
    /// (`StripTileModel.eagerCount` of them, in strip order) waits until it is near the
    /// screen: `eager` lists the others' images that load at once.
    static func imagesAreLazy(_ page: String) -> (images: Int, eager: [String]) {
        let sections = HTMLInspection.section("strip", in: page) + HTMLInspection.section("people", in: page)
        let images = HTMLInspection.attributeValues("src", in: sections) { $0.hasPrefix("<img") }
        let firstScreen = AccountStripTests.people(in: page).prefix(StripTileModel.eagerCount).compactMap { shown in
            live.first { $0.profile.shownHandle == shown || $0.profile.did.rawValue == shown }?.profile.did.rawValue
        }
        let eager = HTMLInspection.attributeValues("src", in: sections) { $0.hasPrefix("<img") && !$0.contains("loading=\"lazy\"") }
            .filter { src in !firstScreen.contains { src.contains($0) || Self.proxied(src).contains($0) } }
        return (images.count, eager)
    }

    /// The address a `/media/{signature}/{url}` path proxies, or "".
    static func proxied(_ src: String) -> String {
        guard let last = src.split(separator: "/").last, let bytes = Base64URL.decode(String(last)) else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func twoHundredPeopleMakeALightPageWhoseImagesLoadLazily() async throws {
        let library = Self.busyLibrary()
        let live = Self.live.count
        let app = try await AppHarness(library: library)
        let page = await app.respond("/").text
        await app.shutdown()
        #expect(AccountStripTests.people(in: page).count == live)
        let (images, eager) = Self.imagesAreLazy(page)
        // An avatar per tile with one (two of three have), in the strip and the grid, and a cover per grid tile.
        #expect(images > live)
        #expect(eager.isEmpty, "fetched before scrolling into view: \(eager.prefix(3))")
    }

    @Test func followingAFewOfTwoHundredShowsJustThem() async throws {
        let library = Self.busyLibrary()
        let followed = Array(Self.live.map(\.profile.did).suffix(3))
        let pds = try FakePDS()
        try pds.seedGraph(follows: followed)
        let app = try await AppHarness(library: library)
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        let page = await browser.get("/").text
        _ = await browser.post("/strip", form: [("csrf", CookieJar.csrfToken(in: page) ?? ""), ("strip", "everyone")])
        let everyone = await browser.get("/").text
        await app.shutdown()
        pds.stop()
        // The strip links people by handle.
        let handles = followed.map { did in Self.live.first { $0.profile.did == did }?.profile.shownHandle ?? did.rawValue }
        #expect(AccountStripTests.people(in: page) == handles, "in Grain's order, as the AppView lists them")
        #expect(AccountStripTests.people(in: everyone).count == Self.live.count)
        #expect(Self.imagesAreLazy(everyone).eager.isEmpty)
    }
}
