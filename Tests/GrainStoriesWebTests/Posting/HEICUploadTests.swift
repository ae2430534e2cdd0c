import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import Geocoding
import H3Index
import MicroHTTPServer
import PhotoPipeline
import Posting
import TestKit
import Testing

@testable import GrainStoriesWeb

/// A HEIC, what iPhones and many Android phones send, through the real form and on to the
/// PDS: it becomes a draft with the place from its GPS, and what is posted is a JPEG.
@Suite struct HEICUploadTests {
    @Test func aHEICIsPostedAsAJPEGWithThePlaceFromItsGPS() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        #expect(await browser.get("/stories/new").text.contains("image/heic"), "the file input offers HEIC")

        let uploaded = try await PhotoUploadSteps.upload(browser, Fixtures.bytes("heic-gps.heic"), name: "IMG_0042.HEIC", type: "image/heic")
        #expect(uploaded.status == .seeOther)
        let draftPath = try #require(uploaded.headers["Location"])
        let draft = try #require(try await app.drafts.find(try DraftID(checking: String(draftPath.dropFirst("/drafts/".count)))))
        let london = try #require(GPSCoordinate(latitude: 51.5, longitude: -0.125))
        #expect(draft.gpsCell != nil && draft.gpsCell == h3Cell(for: london))
        #expect(draft.width == 64 && draft.height == 48)

        let blob = try await PhotoUploadSteps.publish(browser, app, pds, draftPath: draftPath)
        let story = try #require(pds.records("social.grain.story").first)
        #expect(story.value["aspectRatio"]?["width"]?.integerValue == 64)
        #expect(story.value["aspectRatio"]?["height"]?.integerValue == 48)
        #expect(blob.starts(with: [0xFF, 0xD8, 0xFF]), "the PDS got a JPEG, not the HEIC")
        #expect(try PhotoProcessor().process(blob).metadata.gps == nil, "and no GPS in it")
        await app.shutdown()
        pds.stop()
    }

    @Test func aHEICsOwnRotationIsKeptAndItsEXIFOrientationNotAppliedAgain() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        let uploaded = try await PhotoUploadSteps.upload(browser, Fixtures.bytes("heic-rotated.heic"), name: "IMG_0043.HEIC", type: "image/heic")
        let draftPath = try #require(uploaded.headers["Location"])
        let draft = try #require(try await app.drafts.find(try DraftID(checking: String(draftPath.dropFirst("/drafts/".count)))))
        // Stored 64 × 48, `irot` a quarter turn, EXIF Orientation 3: upright it is 48 × 64.
        #expect(draft.width == 48 && draft.height == 64)
        await app.shutdown()
        pds.stop()
    }
}
