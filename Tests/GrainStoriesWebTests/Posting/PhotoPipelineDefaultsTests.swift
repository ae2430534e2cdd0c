import AppTestKit
import Foundation
import PhotoPipeline
import PhotoTestKit
import Posting
import TestKit
import Testing
import WorkerThreads

@testable import GrainStoriesWeb

/// The photo pipeline's limits as `serve` runs them: built by the composition root from the
/// default configuration, never from values a test passes in, so weakening a default
/// fails here (issue 45 found a planted change to the worker's limits passing every test,
/// since each test of the worker gave it its own).
@Suite struct PhotoPipelineDefaultsTests {
    @Test func theWorkerRunsWithItsMemoryLimitAndDeadlines() async throws {
        let app = try await AppHarness()
        let posting = app.root.posting
        let worker = try #require(posting.draftMaker.preparation.processing as? PhotoWorker, "uploads go to the worker process")
        #expect(worker.executable == app.configuration.photoWorkerExecutable)
        #expect(worker.options == posting.processing)
        #expect(posting.processing.maxDecodeBytes == 256 << 20)
        #expect(posting.processing.decodeTimeLimit == .seconds(30))
        #expect(worker.memoryLimit == (256 + 96) << 20, "the decode budget and the executable's own 96 MB, no more")
        #expect(worker.deadline == .seconds(40), "the decode's 30 s and 10 s to start and hand over")
        #expect(worker.estimateDeadline == .seconds(5), "an estimate reads a header: a few seconds, not the decode's 40")
        await app.shutdown()
    }

    /// Parsing uploads and media writes, estimates, and processing: two threads each, none
    /// shared, and the queues that take accounts in turn on them.
    @Test func eachStepHasThreadsOfItsOwnAndTheQueuesTheirBudgets() async throws {
        let app = try await AppHarness()
        let posting = app.root.posting
        let preparation = posting.draftMaker.preparation
        #expect([posting.fileThreads.threadCount, posting.estimateThreads.threadCount, posting.photoThreads.threadCount] == [Int](repeating: 2, count: 3))
        #expect(posting.estimateThreads !== posting.fileThreads && posting.estimateThreads !== posting.photoThreads)
        #expect(posting.fileThreads !== posting.photoThreads)
        #expect(preparation.fileThreads === posting.fileThreads && preparation.photoQueue === posting.photoQueue)
        #expect(preparation.estimateQueue.slots == 2)
        #expect(posting.photoQueue.slots == 2)
        #expect(posting.photoQueue.budget == 384 << 20, "1.5 × the decode budget: two large photos never run at once")
        #expect(posting.photoQueue.maxOvertakes == 4)
        await app.shutdown()
    }

    /// Both file threads held (as by two uploads being parsed): an upload's estimate runs
    /// all the same, on the estimate threads, and the photo is prepared.
    @Test func anEstimateRunsWhileEveryFileThreadIsHeld() async throws {
        let app = try await AppHarness()
        let posting = app.root.posting
        let photo = ProjectPaths.temporaryDirectory("estimate-threads") + "/photo.jpg"
        try Data(try SamplePhotos.portlandPhone()).write(to: URL(fileURLWithPath: photo))
        let held = TestGate()
        let holders = ArrivalCount()
        let blockers = (0..<posting.fileThreads.threadCount).map { _ in
            Task {
                await posting.fileThreads.run {
                    holders.arrive()
                    _ = held.wait(timeout: .seconds(120))
                }
            }
        }
        #expect(await eventually { holders.value == posting.fileThreads.threadCount })
        let done = ArrivalCount()
        let preparing = Task {
            let prepared = try await posting.draftMaker.preparation.prepare(fileAt: photo, account: "did:plc:b")
            done.arrive()
            return prepared
        }
        // Bounded only so that a broken build fails instead of hanging (the real worker runs).
        #expect(await eventually(within: .seconds(60)) { done.value == 1 }, "the photo was prepared while every file thread was held")
        held.open()
        #expect(try await preparing.value.photo.width > 0)
        for blocker in blockers { await blocker.value }
        await app.shutdown()
    }
}
