import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import Geocoding
import H3Index
import MicroHTTPServer
import PhotoPipeline
import PhotoTestKit
import Posting
import TestKit
import Testing

@testable import GrainStoriesWeb

/// WebP and GIF, what Android's picker passes on for saved images, through the real form
/// and on to the PDS: each becomes a draft (a WebP's EXIF GPS gives its place, its EXIF
/// Orientation turns it upright; an animated GIF is its first frame), what is posted is a
/// JPEG, a damaged file is refused naming its format, and no upload is left behind.
@Suite struct WebPAndGIFUploadTests {
    @Test func aWebPIsPostedUprightAsAJPEGWithThePlaceFromItsGPS() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        #expect(await browser.get("/stories/new").text.contains("image/webp"), "the file input offers WebP")

        let uploaded = try await PhotoUploadSteps.upload(browser, Fixtures.bytes("webp-exif-gps.webp"), name: "IMG_0044.webp", type: "image/webp")
        #expect(uploaded.status == .seeOther)
        let draftPath = try #require(uploaded.headers["Location"])
        let draft = try #require(try await app.drafts.find(try DraftID(checking: String(draftPath.dropFirst("/drafts/".count)))))
        let london = try #require(GPSCoordinate(latitude: 51.5, longitude: -0.125))
        #expect(draft.gpsCell != nil && draft.gpsCell == h3Cell(for: london))
        // Stored 64 × 48 with EXIF Orientation 6: upright it is 48 × 64.
        #expect(draft.width == 48 && draft.height == 64)

        let blob = try await PhotoUploadSteps.publish(browser, app, pds, draftPath: draftPath)
        #expect(blob.starts(with: [0xFF, 0xD8, 0xFF]), "the PDS got a JPEG, not the WebP")
        let story = try #require(pds.records("social.grain.story").first)
        #expect(story.value["aspectRatio"]?["width"]?.integerValue == 48)
        #expect(story.value["aspectRatio"]?["height"]?.integerValue == 64)
        #expect(try PhotoProcessor().process(blob).metadata.gps == nil, "and no GPS in it")

        try await PhotoUploadSteps.expectRefusedAsDamaged(
            browser, app, Fixtures.bytes("webp-truncated.webp"), name: "cut.webp", type: "image/webp", format: "WebP")
        await app.shutdown()
        pds.stop()
    }

    @Test func anAnimatedGIFIsPostedAsItsFirstFrame() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        #expect(await browser.get("/stories/new").text.contains("image/gif"), "the file input offers GIF")

        let gif = Fixtures.bytes("gif-animated.gif")
        let uploaded = try await PhotoUploadSteps.upload(browser, gif, name: "saved.gif", type: "image/gif")
        #expect(uploaded.status == .seeOther)
        let draftPath = try #require(uploaded.headers["Location"])
        let draft = try #require(try await app.drafts.find(try DraftID(checking: String(draftPath.dropFirst("/drafts/".count)))))
        #expect(draft.width == 40 && draft.height == 30)
        #expect(draft.gpsCell == nil, "a GIF has no GPS: the place is chosen by search")

        let blob = try await PhotoUploadSteps.publish(browser, app, pds, draftPath: draftPath)
        #expect(blob.starts(with: [0xFF, 0xD8, 0xFF]), "the PDS got a JPEG, not the GIF")
        // The first frame is the four quadrants (red, green / blue, white); later frames differ.
        let posted = try JPEGDecoder.decode(blob)
        let topLeft = TestImages.meanColor(posted, x: 4, y: 4, width: 12, height: 7)
        let bottomRight = TestImages.meanColor(posted, x: 24, y: 19, width: 12, height: 7)
        #expect(topLeft.0 > 200 && topLeft.1 < 60 && topLeft.2 < 60, "first frame's red quadrant: \(topLeft)")
        #expect(bottomRight.0 > 230 && bottomRight.1 > 230 && bottomRight.2 > 230, "first frame's white quadrant: \(bottomRight)")

        try await PhotoUploadSteps.expectRefusedAsDamaged(
            browser, app, Fixtures.bytes("gif-truncated.gif"), name: "cut.gif", type: "image/gif", format: "GIF")
        await app.shutdown()
        pds.stop()
    }
}
