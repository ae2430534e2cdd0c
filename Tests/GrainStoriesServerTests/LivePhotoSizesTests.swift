import ATProtoTestKit
import AppTestKit
import CurlHTTPClient
import Foundation
import GrainStoriesWeb
import LoggingTestKit
import PhotoPipeline
import PhotoTestKit
import Testing

/// Over real HTTP, with the real photo worker: the sizes in a page's `srcset` are made by
/// the server from the photo it caches, once per (photo, width) however many browsers ask
/// at once, and sent like the photo itself.
@Suite struct LivePhotoSizesTests {
    static let story = "/profile/did:plc:hbrpoigf3cbfnobm2o4rak3v/story/3muojebufwseb"

    /// The URLs in `attribute` of the first tag carrying `marker`, by their `w` descriptor.
    static func candidates(_ html: String, marker: String, attribute: String = "srcset") throws -> [Int: String] {
        let tag = try #require(html.range(of: marker).map { html[html[..<$0.lowerBound].lastIndex(of: "<")!...].prefix { $0 != ">" } })
        let start = try #require(tag.range(of: " \(attribute)=\""))
        let value = tag[start.upperBound...].prefix { $0 != "\"" }
        var found: [Int: String] = [:]
        for candidate in value.split(separator: ",") {
            let parts = candidate.split(separator: " ")
            if parts.count == 2, let width = Int(parts[1].dropLast()) { found[width] = String(parts[0]) }
        }
        return found
    }

    @Test func aBurstOfFirstVisitsMakesEachSizeOnceAndEveryoneGetsThatSize() async throws {
        let photo = try JPEGEncoder.encode(TestImages.photoLike(width: 900, height: 1200), quality: 90)
        let appView = try StandInAppView(image: photo)
        let app = try await LiveApp.start(appViewURL: appView.baseURL)
        do {
            try await Self.burst(app, appView, photo: photo)
        } catch {
            await app.stop()
            await appView.stop()
            throw error
        }
        await app.stop()
        await appView.stop()
    }

    static func burst(_ app: LiveApp, _ appView: StandInAppView, photo: [UInt8]) async throws {
        let page = try await app.request(Self.story).text
        let sizes = try Self.candidates(page, marker: "class=\"story-image\"")
        #expect(Set(sizes.keys).isSuperset(of: [390, 456, 519, 614, 740, 845]))
        let url = try #require(sizes[456])
        #expect(url.hasPrefix("/media/") && url.hasSuffix("/456"))
        // The original is the last candidate, as it is the photo's src.
        #expect(sizes[2000].map { url.hasPrefix($0 + "/") } == true)

        let answers = try await withThrowingTaskGroup(of: HTTPClientResponse.self) { group in
            for _ in 0..<20 { group.addTask { try await app.request(url) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 20)
        #expect(answers.allSatisfy { $0.status == 200 && $0.headers["Content-Type"] == "image/jpeg" })
        #expect(answers.allSatisfy { $0.headers["Cache-Control"] == "public, max-age=31536000, immutable" })
        #expect(Set(answers.map(\.body)).count == 1)
        let decoded = try JPEGDecoder.decode(answers[0].body)
        #expect(decoded.width == 456 && decoded.height == 608)
        #expect(answers[0].body.count < photo.count)
        #expect(app.logs.lines.filter { $0.contains("made a photo size") }.count == 1)
        // Asked again, it is sent from the cache; the original was downloaded once.
        #expect(try await app.request(url).body == answers[0].body)
        #expect(app.logs.lines.filter { $0.contains("made a photo size") }.count == 1)
        #expect(appView.imageRequestCount == 1)

        // A width that is not one of the server's is not made.
        let other = String(url.dropLast(3)) + "457"
        #expect(try await app.request(other).status == 404)
        // Nor one for a URL the server did not sign.
        #expect(try await app.request("/media/AAAAAAAAAAAAAAAAAAAAAA/aHR0cHM6Ly9leGFtcGxlLm9yZy94/456").status == 404)
    }
}
