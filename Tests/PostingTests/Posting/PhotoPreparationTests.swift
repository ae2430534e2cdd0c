import Foundation
import PhotoPipeline
import Synchronization
import TestKit
import Testing
import WorkerThreads

@testable import Posting

/// Issue 45: photo-size estimates ran first come, first served on the two file threads
/// that also parse uploads and write the media cache, so one account's slow files held
/// another account's ordinary photo for over a minute before the photo queue's turns began.
/// Estimates now run on threads of their own and take accounts in turn, like the photo
/// queue. Each test holds the estimates at gates and looks at which started, never at times.
@Suite struct PhotoPreparationTests {
    /// Estimates that each wait at their file's gate until the test opens it, recording the
    /// order in which they started; processing returns a 1 × 1 photo at once.
    final class GatedProcessing: PhotoProcessing {
        let gates: [String: TestGate]
        private let order = Mutex<[String]>([])

        init(files: [String]) { gates = Dictionary(uniqueKeysWithValues: files.map { ($0, TestGate()) }) }

        /// The files whose estimates have started, in order.
        var started: [String] { order.withLock { $0 } }

        func memoryEstimate(ofFileAt path: String) throws(PhotoProcessingError) -> MemoryEstimate {
            order.withLock { $0.append(path) }
            guard gates[path]?.wait() ?? true else { throw .unreadable(path: path, reason: "the test never opened its gate") }
            return MemoryEstimate(inputBytes: 1, decoderBytes: 1, decodedBytes: 1, laterStagesBytes: 1)
        }

        func process(fileAt path: String) throws(PhotoProcessingError) -> ProcessedPhoto {
            ProcessedPhoto(jpeg: [0xFF, 0xD8, 0xFF, 0xD9], width: 1, height: 1, quality: 90, appliedOrientation: 1, metadata: PhotoMetadata())
        }

        func openAll() {
            for gate in gates.values { gate.open() }
        }
    }

    /// Separate pools as the composition root makes them: two threads each.
    struct Pools {
        let estimates = WorkerThreadPool(name: "estimates-test", threadCount: 2)
        let files = WorkerThreadPool(name: "files-test", threadCount: 2)
        let photos = WorkerThreadPool(name: "photos-test", threadCount: 2)

        func preparation(_ processing: any PhotoProcessing) -> PhotoPreparation {
            PhotoPreparation(
                processing: processing, estimateThreads: estimates, fileThreads: files,
                photoQueue: BudgetedWorkQueue(pool: photos, budget: PhotoProcessingOptions.defaultMaxDecodeBytes))
        }

        func shutdown() {
            for pool in [estimates, files, photos] { pool.shutdown() }
        }
    }

    @Test func anotherAccountsEstimateGoesBeforeTheFirstAccountsQueuedOnes() async throws {
        let files = ["a1", "a2", "a3", "a4", "b1"]
        let processing = GatedProcessing(files: files)
        let pools = Pools()
        let preparation = pools.preparation(processing)
        let queue = preparation.estimateQueue
        var tasks: [Task<PreparedPhoto, any Error>] = []
        for file in files.prefix(4) {
            tasks.append(Task { try await preparation.prepare(fileAt: file, account: "did:plc:a") })
            // One at a time, so the account's own files keep their order.
            #expect(await eventually { queue.status.running + queue.status.waiting == tasks.count })
        }
        #expect(await eventually { processing.started == ["a1", "a2"] && queue.status.waiting == 2 })
        tasks.append(Task { try await preparation.prepare(fileAt: "b1", account: "did:plc:b") })
        #expect(await eventually { queue.status.waiting == 3 })

        processing.gates["a1"]?.open()
        #expect(await eventually { processing.started.count == 3 })
        #expect(processing.started == ["a1", "a2", "b1"], "B's estimate took the first free thread, before A's third and fourth")

        processing.openAll()
        for task in tasks { #expect(try await task.value.photo.width == 1) }
        #expect(processing.started == ["a1", "a2", "b1", "a3", "a4"])
        pools.shutdown()
    }

    /// Every file thread held (as by uploads being parsed or media being written): an
    /// estimate still runs, on its own threads.
    @Test func anEstimateDoesNotWaitForTheFileThreads() async throws {
        let processing = GatedProcessing(files: [])
        let pools = Pools()
        let held = TestGate()
        let holders = ArrivalCount()
        let blockers = (0..<2).map { _ in
            Task {
                await pools.files.run {
                    holders.arrive()
                    _ = held.wait()
                }
            }
        }
        #expect(await eventually { holders.value == 2 })
        let preparing = Task { try await pools.preparation(processing).prepare(fileAt: "b1", account: "did:plc:b") }
        #expect(await eventually { processing.started == ["b1"] }, "the estimate started while the file threads were held")
        held.open()
        #expect(try await preparing.value.photo.width == 1)
        for blocker in blockers { await blocker.value }
        pools.shutdown()
    }
}
