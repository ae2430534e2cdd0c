import ATProto
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb
@testable import Presentation
@testable import Social
@testable import Viewing

/// A story's page as something to pass on: link previews (Open Graph, Twitter Card) with
/// absolute URLs from the server's public address, the Share link, and the Bluesky
/// crosspost link when Grain reports one.
@Suite struct StorySharingTests {
    static let maya = "did:plc:hbrpoigf3cbfnobm2o4rak3v"
    static let crossposted = "/profile/mayaokafor.bsky.social/story/3muojebufwseb"
    static let labelled = "/profile/\(maya)/story/3muovdv3qvkv2"

    static func meta(_ property: String, in html: String) -> String? {
        HTMLInspection.attributeValues("content", in: html) {
            $0.hasPrefix("<meta ") && ($0.contains("property=\"\(property)\"") || $0.contains("name=\"\(property)\""))
        }.first
    }

    @Test func aStoryPageCarriesALinkPreviewWithAbsoluteURLs() async throws {
        let app = try await AppHarness()
        let html = await app.respond(Self.crossposted, headers: [("Host", "192.168.1.20:8080")]).text
        let signer = app.signer
        let story = try #require(try await app.library.stories(of: DID(Self.maya)!).value.first)
        await app.shutdown()
        #expect(Self.meta("og:title", in: html) == "Story by @mayaokafor.bsky.social")
        #expect(Self.meta("twitter:title", in: html) == "Story by @mayaokafor.bsky.social")
        #expect(Self.meta("og:url", in: html) == "http://192.168.1.20:8080\(Self.crossposted)")
        let image = try #require(Self.meta("og:image", in: html))
        #expect(image == "http://192.168.1.20:8080" + (signer.path(for: story.fullsize) ?? "-"))
        #expect(Self.meta("og:image:width", in: html) == String(story.aspectRatio.width))
        #expect(Self.meta("og:image:height", in: html) == String(story.aspectRatio.height))
        #expect(Self.meta("twitter:card", in: html) == "summary_large_image")
        let description = try #require(Self.meta("og:description", in: html))
        #expect(description.hasPrefix(try #require(story.placeLabel)), "the place: \(description)")
    }

    @Test func theConfiguredPublicAddressWinsAndAForwardedOneNeedsATrustedProxy() async throws {
        let configured = try await AppHarness(configure: { $0.publicURL = "https://stories.example.org" })
        let fromConfig = await configured.respond(Self.crossposted, headers: [("Host", "evil.example")]).text
        await configured.shutdown()
        #expect(Self.meta("og:url", in: fromConfig) == "https://stories.example.org\(Self.crossposted)")

        let proxied = try await AppHarness(configure: { $0.trustedProxies = [IPAddressRange("10.0.0.2")!] })
        let forwarded = [("Host", "127.0.0.1:8080"), ("X-Forwarded-Host", "stories.example.net"), ("X-Forwarded-Proto", "https")]
        let viaProxy = await proxied.respond(.get, Self.crossposted, headers: forwarded, remoteAddress: "10.0.0.2").text
        let notViaProxy = await proxied.respond(.get, Self.crossposted, headers: forwarded, remoteAddress: "10.0.0.9").text
        await proxied.shutdown()
        #expect(Self.meta("og:url", in: viaProxy) == "https://stories.example.net\(Self.crossposted)")
        #expect(Self.meta("og:url", in: notViaProxy) == "http://127.0.0.1:8080\(Self.crossposted)", "a header anyone can send is not believed")
    }

    @Test func aForgedHostCannotBreakOutOrAddAPath() async throws {
        let app = try await AppHarness()
        var pages: [String] = []
        for host in ["evil.example/\"><script>alert(1)</script>", "a b", "", "host/path", "@evil"] {
            pages.append(await app.respond(Self.crossposted, headers: [("Host", host)]).text)
        }
        await app.shutdown()
        for html in pages {
            #expect(!html.contains("<script>alert"))
            #expect(Self.meta("og:url", in: html) == nil, "no preview without a believable origin")
            // Share still works: it hands on the path, which the browser makes absolute.
            #expect(HTMLInspection.attributeValues("value", in: html) { $0.contains("class=\"share-link\"") } == [Self.crossposted])
        }
    }

    @Test func aLabelledStorysPreviewShowsNoPhoto() async throws {
        let app = try await AppHarness()
        let html = await app.respond(Self.labelled, headers: [("Host", "stories.local")]).text
        await app.shutdown()
        #expect(Self.meta("og:title", in: html) != nil)
        #expect(Self.meta("og:image", in: html) == nil)
        #expect(Self.meta("twitter:card", in: html) == "summary")
    }

    @Test func theBlueskyLinkShowsOnlyForACrosspostAndOnlyToBluesky() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        let did = DID(Self.maya)!
        library.update { state in
            guard var stories = state.stories[did], stories.count == 3 else { return }
            stories[2].crossPost = CrossPostInfo(url: "javascript:alert(1)")
            state.stories[did] = stories
        }
        let app = try await AppHarness(library: library)
        let crossposted = await app.respond(Self.crossposted).text
        let plain = await app.respond(Self.labelled).text
        let hostile = await app.respond("/profile/\(Self.maya)/story/3mupadw3kg264").text
        await app.shutdown()
        let links = { (html: String) in HTMLInspection.attributeValues("href", in: html) { $0.contains("viewer-bluesky") } }
        #expect(links(crossposted) == ["https://bsky.app/profile/did:plc:hbrpoigf3cbfnobm2o4rak3v/post/3muojef6hikor"])
        #expect(crossposted.contains("rel=\"noopener noreferrer\""))
        #expect(links(plain).isEmpty)
        #expect(links(hostile).isEmpty && !hostile.contains("javascript:"))
        #expect(ViewerPresenter.blueskyURL("https://bsky.app/profile/x/post/y\"onmouseover=") == nil)
    }
}
