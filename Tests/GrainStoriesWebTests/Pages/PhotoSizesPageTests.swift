import ATProto
import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Presentation
import Testing
import Viewing

@testable import GrainStoriesWeb

/// Every story image offers its sizes (`srcset`) and says how wide it is drawn (`sizes`),
/// only where the photo itself may be shown; the first screen's images load first.
@Suite struct PhotoSizesPageTests {
    static let maya: DID = "did:plc:hbrpoigf3cbfnobm2o4rak3v"
    static let story = "/profile/did:plc:hbrpoigf3cbfnobm2o4rak3v/story/3muojebufwseb"

    /// Every `<img …>` tag of `html` that contains `marker`.
    static func images(_ html: String, _ marker: String) -> [String] {
        html.components(separatedBy: "<img ").dropFirst().map { String($0.prefix { $0 != ">" }) }.filter { $0.contains(marker) }
    }

    /// The value of `name` in one tag, unescaped.
    static func attribute(_ name: String, _ tag: String) -> String? {
        guard let start = tag.range(of: " \(name)=\"") ?? (tag.hasPrefix("\(name)=\"") ? tag.range(of: "\(name)=\"") : nil) else { return nil }
        return HTMLInspection.unescape(String(tag[start.upperBound...].prefix { $0 != "\"" }))
    }

    /// The widths a `srcset` offers, in order.
    static func widths(_ srcset: String?) -> [Int] {
        (srcset ?? "").split(separator: ",").compactMap { $0.split(separator: " ").last.flatMap { Int($0.dropLast()) } }
    }

    @Test func theGridsCoversOfferTheirSizesAndTheFirstScreenLoadsFirst() async throws {
        let app = try await AppHarness()
        let html = await app.respond("/").text
        await app.shutdown()
        let covers = Self.images(html, "person-cover")
        #expect(covers.count == 4)
        for (index, cover) in covers.enumerated() {
            let src = try #require(Self.attribute("src", cover))
            let srcset = try #require(Self.attribute("srcset", cover))
            #expect(Self.widths(srcset) == MediaWidths.covers)
            #expect(srcset.split(separator: ",").allSatisfy { $0.trimmingCharacters(in: .whitespaces).hasPrefix(src + "/") })
            #expect(Self.attribute("sizes", cover)?.hasSuffix("calc(100vw - 32px)") == true)
            #expect(Self.attribute("loading", cover) == "eager", "the first screen's covers load at once")
            #expect(Self.attribute("fetchpriority", cover) == (index == 0 ? "high" : "auto"))
        }
        // The strip's avatars offer theirs too, the first ones at once.
        let avatars = Self.images(HTMLInspection.section("strip", in: html), "class=\"avatar\"")
        #expect(!avatars.isEmpty)
        for avatar in avatars {
            #expect(Self.widths(Self.attribute("srcset", avatar)) == MediaWidths.avatars)
            #expect(Self.attribute("sizes", avatar)?.hasSuffix("68px") == true)
            #expect(Self.attribute("loading", avatar) == "eager")
        }
    }

    @Test func coversPastTheFirstScreenStayLazy() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        let first = try #require(try await library.storyAuthors().value.first)
        library.update { scenario in
            for index in 0..<8 {
                var author = first
                author.profile.did = DID("did:plc:lazycoverauthor\(String(repeating: "a", count: 9))\(index)")!
                scenario.authors.append(author)
            }
        }
        let app = try await AppHarness(library: library)
        let covers = Self.images(await app.respond("/").text, "person-cover")
        await app.shutdown()
        #expect(covers.count == 12)
        #expect(covers.map { Self.attribute("loading", $0) } == Array(repeating: "eager", count: 6) + Array(repeating: "lazy", count: 6))
        #expect(covers.filter { Self.attribute("fetchpriority", $0) == "high" }.count == 1)
    }

    @Test func theViewersPhotoOffersItsSizesAndTheOriginalAndIsPreloadedAlone() async throws {
        let app = try await AppHarness()
        let html = await app.respond(Self.story).text
        let stories = try await app.library.stories(of: Self.maya).value
        await app.shutdown()
        let photo = try #require(Self.images(html, "class=\"story-image\"").first)
        let srcset = Self.attribute("srcset", photo)
        #expect(Self.widths(srcset) == MediaWidths.photos + [MediaWidths.originalWidth])
        let src = try #require(Self.attribute("src", photo))
        #expect(srcset?.hasSuffix(src + " 2000w") == true)
        // The fixture's first story is 1500 × 2000: drawn whole, 0.75 of the screen's height
        // wide; on a phone whose shape is within a fifth of 3:4 (0.6 to 0.9375) it fills the
        // screen, as wide as the screen or 0.75 of its height, whichever is more.
        #expect(stories[0].aspectRatio.width == 1500 && stories[0].aspectRatio.height == 2000)
        #expect(
            Self.attribute("sizes", photo)
                == "(min-width: 720px) min(100vw, calc(100vh * 0.75)), "
                + "(max-width: 480px) and (min-aspect-ratio: 600/1000) and (max-aspect-ratio: 938/1000) max(100vw, calc(100vh * 0.75)), "
                + "min(100vw, 480px, calc(100vh * 0.75))")
        // The backdrop asks for the same candidate, so it is one download.
        let backdrop = try #require(Self.images(html, "story-backdrop").first)
        #expect(Self.attribute("srcset", backdrop) == srcset)
        #expect(Self.attribute("sizes", backdrop) == Self.attribute("sizes", photo))
        // Only the photo on screen is preloaded, with its sizes, at high priority.
        let preloads = html.components(separatedBy: "<link rel=\"preload\" as=\"image\"").dropFirst().map { String($0.prefix { $0 != ">" }) }
        #expect(preloads.count == 1)
        #expect(Self.attribute("href", preloads[0]) == src)
        #expect(Self.attribute("imagesrcset", preloads[0]) == srcset)
        #expect(Self.attribute("fetchpriority", preloads[0]) == "high")
    }

    @Test func profileTilesAndTVOfferTheirSizes() async throws {
        let app = try await AppHarness()
        let profile = await app.respond(StoryLinks.profile(Self.maya)).text
        let tv = await app.respond("/tv").text
        await app.shutdown()
        let tiles = Self.images(profile, "/media/").filter { !$0.contains("class=\"avatar\"") }
        #expect(tiles.count == 2, "the warned story has no photo")
        for tile in tiles {
            #expect(Self.widths(Self.attribute("srcset", tile)) == MediaWidths.tiles)
            #expect(Self.attribute("sizes", tile)?.contains("(min-width: 960px)") == true)
        }
        let image = try #require(Self.images(tv, "tv-image").first)
        #expect(Self.widths(Self.attribute("srcset", image)) == MediaWidths.photos + [MediaWidths.originalWidth])
        #expect(Self.attribute("sizes", image)?.hasPrefix("min(100vw, calc(100vh * ") == true)
    }

    /// A size is handed out only where the photo is: a warned story's cover sizes lead to
    /// the warning tile, a hidden person's to nothing, and the page never names them.
    @Test func warningsAndHidingHoldForEverySize() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        let app = try await AppHarness(library: library)
        let stories = try await library.stories(of: Self.maya).value
        let cover = StoryLinks.cover(Self.maya)
        let sized = await app.respond(cover + "/456")
        #expect(sized.status == .found)
        #expect(sized.headers["Location"] == app.signer.path(for: stories[2].thumb, width: 456))
        #expect(await app.respond(cover + "/457").status == .notFound, "only the server's widths")
        // Every story warned: every size leads to the warning tile, never to a photo.
        library.update { scenario in
            for index in scenario.stories[Self.maya]!.indices { scenario.stories[Self.maya]?[index].labels = [Label(val: "nudity")] }
        }
        for width in MediaWidths.covers {
            let location = await app.respond(cover + "/\(width)").headers["Location"]
            #expect(location?.hasPrefix("/assets/warning-cover.") == true, "\(width): \(location ?? "")")
        }
        // The viewer of a warned story beside another: no sizes of the warned photo beside it.
        let page = await app.respond(Self.story).text
        for thumb in stories.map(\.thumb) {
            let path = try #require(app.signer.path(for: thumb))
            #expect(!Self.images(page, "viewer-neighbour-photo").contains { $0.contains(path) })
        }
        await app.shutdown()
    }
}
