import ATProtoTestKit
import AppTestKit
import Foundation
import ImageTestKit
import MicroHTTPServer
import PhotoPipeline
import Posting
import TestKit
import Testing
import WorkerThreads

@testable import GrainStoriesWeb
@testable import GrainSupport

/// A decompression bomb posted through `/stories/new`: a 0.8 MB file declaring a
/// 10000 × 10000 progressive CMYK image (within the pixel limit, about 840 MB to
/// decode) is refused from its header with the budget message and a 413, and leaves
/// nothing behind.
@Suite struct DecodeBudgetUploadTests {
    @Test func aBombUploadIsRefusedWithAClearMessageAndLeavesNothingBehind() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        let bomb = FlatJPEG.make(width: 10_000, height: 10_000, layout: .cmyk, coding: .progressive)
        let response = try await PostingFlowTests.upload(browser, bomb)
        #expect(response.status == .contentTooLarge)
        #expect(response.text.contains("form-error"))
        #expect(response.text.contains("MB to decode; the limit is 256 MB. Try a smaller photo."))
        #expect(try await app.drafts.abandoned(before: .distantFuture).isEmpty, "no draft was made")
        for directory in ["uploads", "drafts", "tmp"] {
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: app.dataDirectory + "/" + directory)
            #expect(leftovers.isEmpty, "\(directory)/ is empty after the refusal")
        }
        #expect(app.photoQueue.status == .init(running: 0, waiting: 0, costInUse: 0), "it never reached the photo threads")
        await app.shutdown()
        pds.stop()
    }

    /// Issue 21: a file whose data disagrees with its header (here a 1 × 1 PNG carrying
    /// far more image data than one pixel needs, the start of an inflate bomb) is refused
    /// with a 422 naming the problem, and never reaches the photo threads.
    @Test func aFileThatIsNotWhatItsHeaderSaysIsRefusedWith422() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        let bomb = PNGBuilder.png(width: 1, height: 1, colorType: 2, idat: [UInt8](repeating: 0, count: 200_000))
        let response = try await PostingFlowTests.upload(browser, bomb)
        #expect(response.status == .unprocessableContent)
        #expect(
            response.text.contains("This PNG was refused: its header does not match its picture (200000 bytes of image data for a 1 × 1 picture of 4 bytes)."))
        #expect(app.photoQueue.status == .init(running: 0, waiting: 0, costInUse: 0), "it never reached the photo threads")
        await app.shutdown()
        pds.stop()
    }

    /// Issue 45: a 773 KB AVIF grid of 134 × 134 tiles of 128 × 128, which cost about 30 s
    /// of CPU in the estimate, is refused from its item count with a 413 and a clear
    /// message before libheif parses it, and never reaches the photo threads.
    @Test func aGridOfThousandsOfTilesIsRefusedAsTooComplex() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        let response = try await PostingFlowTests.upload(browser, HEIFBuilder.grid(columns: 134, rows: 134, sharingOneFrame: true).bytes())
        #expect(response.status == .contentTooLarge)
        #expect(response.text.contains("This AVIF has too many parts to be a photo (17957 items, more than 1024), so it was refused."))
        #expect(try await app.drafts.abandoned(before: .distantFuture).isEmpty, "no draft was made")
        #expect(app.photoQueue.status == .init(running: 0, waiting: 0, costInUse: 0), "it never reached the photo threads")
        await app.shutdown()
        pds.stop()
    }

    /// While a large photo holds a photo thread and most of the memory budget, an
    /// ordinary upload is still processed at once on the other thread: the large job is
    /// held at a gate the whole time, so this does not depend on timing.
    @Test func aSmallUploadIsProcessedWhileALargePhotoIsStillRunning() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        let queue = app.photoQueue
        let gate = TestGate()
        let large = Task { await queue.run(cost: PhotoProcessingOptions.defaultMaxDecodeBytes) { gate.wait() } }
        #expect(await eventually { queue.status.running == 1 })
        let response = try await PostingFlowTests.upload(browser, try PostingFlowTests.photoWithGPS())
        #expect(response.status == .seeOther, "the small photo did not wait for the large one")
        #expect(queue.status.costInUse == PhotoProcessingOptions.defaultMaxDecodeBytes, "the large job is still running")
        gate.open()
        #expect(await large.value)
        await app.shutdown()
        pds.stop()
    }

    /// The budget is the configured one, and an ordinary photo under it still posts.
    @Test func theConfiguredBudgetReachesThePipeline() async throws {
        #expect(AppConfiguration().maxDecodeBytes == PhotoProcessingOptions.defaultMaxDecodeBytes)
        for (arguments, environment) in [(["--max-decode-bytes", "100000000"], [:]), ([], ["GRAIN_STORIES_MAX_DECODE_BYTES": "100000000"])] {
            guard case .run(let configuration) = try AppConfiguration.load(arguments: arguments, environment: environment) else {
                Issue.record("expected a configuration")
                continue
            }
            #expect(configuration.maxDecodeBytes == 100_000_000)
        }
        #expect(throws: ConfigurationError.self) { try AppConfiguration.load(arguments: ["--max-decode-bytes", "1000"], environment: [:]) }
        let pds = try FakePDS()
        let app = try await AppHarness()
        #expect(app.photoProcessing.maxDecodeBytes == PhotoProcessingOptions.defaultMaxDecodeBytes)
        #expect(app.photoQueue.budget == PhotoProcessingOptions.defaultMaxDecodeBytes / 2 * 3)
        let (browser, _) = try await PostingFlowTests.signIn(app, pds)
        let response = try await PostingFlowTests.upload(browser, try PostingFlowTests.photoWithGPS())
        #expect(response.status == .seeOther)
        await app.shutdown()
        pds.stop()
    }
}
