import ATProtoTestKit
import FeatureTestKit
import Foundation
import GrainSupport
import HTTPTestKit
import PhotoPipeline
import PhotoTestKit
import Testing
import WorkerThreads

@testable import Accounts
@testable import Geocoding
@testable import Posting
@testable import Social

/// Upload → draft without the web layer: the scratch file is prepared where it lies, the
/// photo lands at the draft's derived path, and a refused draft leaves no photo.
@Suite struct DraftMakerTests {
    /// No places anywhere (the maker must still make the draft).
    struct NoPlaces: PlaceGeocoder {
        func reverse(latitude: Double, longitude: Double, language: String?) async -> PlaceSuggestion? { nil }
        func search(_ query: String, language: String?) async -> [PlaceSuggestion] { [] }
    }

    func maker(_ harness: PublishingHarness, pool: WorkerThreadPool) -> DraftMaker {
        let options = PhotoProcessingOptions()
        return DraftMaker(
            preparation: PhotoPreparation(
                processing: PhotoWorker(executable: ServerProcess.photoBinary, options: options), estimateThreads: pool, fileThreads: pool,
                photoQueue: BudgetedWorkQueue(pool: pool, budget: options.maxDecodeBytes)),
            drafts: harness.drafts, geocoder: NoPlaces(), tids: harness.tids, data: harness.data, now: { harness.now })
    }

    @Test func anUploadBecomesADraftWhosePhotoIsAtItsDerivedPath() async throws {
        let harness = try await PublishingHarness()
        let pool = WorkerThreadPool(name: "draft-maker-test", threadCount: 1)
        let upload = harness.directory + "/upload-scratch"
        try Data(try JPEGEncoder.encode(TestImages.photoLike(width: 320, height: 240), quality: 90)).write(to: URL(fileURLWithPath: upload))
        let draft = try await maker(harness, pool: pool).makeDraft(
            .init(
                uploadPath: upload, did: "did:plc:a", pdsURL: "https://pds.example.com", quota: DraftQuota(maxDrafts: 5, maxBytes: 10_000_000), language: nil))
        #expect(draft.width == 320 && draft.height == 240)
        #expect(draft.state == .draft)
        let written = try #require(FileManager.default.contents(atPath: harness.data.draftPhoto(draft.id)))
        #expect(written.count == draft.photoBytes)
        #expect(try await harness.drafts.find(draft.id) == draft)
        #expect(FileManager.default.fileExists(atPath: upload), "the scratch upload stays its owner's to delete")
        pool.shutdown()
        await harness.stop()
    }

    @Test func aDraftOverTheQuotaLeavesNoPhotoBehind() async throws {
        let harness = try await PublishingHarness()
        let pool = WorkerThreadPool(name: "draft-maker-test", threadCount: 1)
        let upload = harness.directory + "/upload-scratch"
        try Data(try JPEGEncoder.encode(TestImages.photoLike(width: 64, height: 48), quality: 90)).write(to: URL(fileURLWithPath: upload))
        do {
            _ = try await maker(harness, pool: pool).makeDraft(
                .init(
                    uploadPath: upload, did: "did:plc:a", pdsURL: "https://pds.example.com", quota: DraftQuota(maxDrafts: 0, maxBytes: 10_000_000),
                    language: nil))
            Issue.record("the quota let a draft through")
        } catch {
            guard case .quota(.tooManyDrafts(limit: 0)) = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.data.drafts).isEmpty)
        pool.shutdown()
        await harness.stop()
    }

    @Test func aFileThatIsNotAJPEGIsAPhotoError() async throws {
        let harness = try await PublishingHarness()
        let pool = WorkerThreadPool(name: "draft-maker-test", threadCount: 1)
        let upload = harness.directory + "/upload-scratch"
        try Data("GIF89a not a photo".utf8).write(to: URL(fileURLWithPath: upload))
        do {
            _ = try await maker(harness, pool: pool).makeDraft(
                .init(
                    uploadPath: upload, did: "did:plc:a", pdsURL: "https://pds.example.com", quota: DraftQuota(maxDrafts: 5, maxBytes: 10_000_000),
                    language: nil))
            Issue.record("a non-JPEG became a draft")
        } catch {
            guard case .photo(let problem) = error, problem.isBadInput else {
                Issue.record("unexpected \(error)")
                return
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.data.drafts).isEmpty)
        pool.shutdown()
        await harness.stop()
    }
}
