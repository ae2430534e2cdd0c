import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import Geocoding
import GrainSupport
import H3Index
import ImageTestKit
import MicroHTTPServer
import PhotoPipeline
import Posting
import Testing

@testable import GrainStoriesWeb

/// PNGs through the real upload form: a photo with GPS in `eXIf` becomes a draft like a
/// phone JPEG does; a damaged one is refused naming PNG; no upload is left behind.
@Suite struct PNGUploadTests {
    @Test func aPNGUploadBecomesADraftAndADamagedOneIsRefused() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        #expect(await browser.get("/stories/new").text.contains("image/png"), "the file input offers PNGs")

        let uploaded = try await PhotoUploadSteps.upload(browser, PNGFixtures.bytes("exif-gps-orientation6"), name: "Screenshot.png", type: "image/png")
        #expect(uploaded.status == .seeOther)
        let draftPath = try #require(uploaded.headers["Location"])
        #expect(draftPath.hasPrefix("/drafts/"))
        let draftPage = await browser.get(draftPath)
        #expect(draftPage.text.contains("200 × 300 pixels"), "orientation 6 from eXIf turned it upright")
        let draft = try #require(try await app.drafts.find(try DraftID(checking: String(draftPath.dropFirst("/drafts/".count)))))
        let paris = try #require(GPSCoordinate(latitude: PNGFixtures.gps.latitude, longitude: PNGFixtures.gps.longitude))
        #expect(draft.gpsCell != nil && draft.gpsCell == h3Cell(for: paris))
        let photo = await browser.get(draftPath + "/photo")
        #expect(photo.headers["Content-Type"] == "image/jpeg")
        #expect(draft.width == 200 && draft.height == 300)
        let written = try #require(FileManager.default.contents(atPath: app.draftPhotoPath(draft.id)))
        #expect(Array(written).starts(with: [0xFF, 0xD8, 0xFF]), "the draft's photo is the JPEG, not the PNG")

        try await PhotoUploadSteps.expectRefusedAsDamaged(
            browser, app, PNGFixtures.bytes("truncated"), name: "Screenshot.png", type: "image/png", format: "PNG")
        await app.shutdown()
        pds.stop()
    }
}
