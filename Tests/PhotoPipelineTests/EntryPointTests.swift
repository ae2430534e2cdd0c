import Foundation
import PhotoPipeline
import TestKit
import Testing
import WorkerThreads

@Suite struct EntryPointTests {
    @Test func theAsyncVariantRunsOnTheWorkerPoolAndMatchesTheSyncResult() async throws {
        let pool = WorkerThreadPool(name: "jpeg-test", threadCount: 1)
        defer { pool.shutdown() }
        let jpeg = try Fixtures.jpeg(width: 500, height: 300)
        let processor = PhotoProcessor(options: Fixtures.options(box: 200))
        let viaPool = try await processor.process(jpeg, on: pool)
        #expect(viaPool == (try processor.process(jpeg)))
        await #expect(throws: PhotoProcessingError.damaged(format: "PNG", detail: "the data ends before the IHDR chunk")) {
            try await processor.process([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], on: pool)
        }
    }

    @Test func filesAreReadAndMissingOnesAreUnreadable() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jpeg-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("in.jpg").path
        try Data(Fixtures.jpeg(width: 120, height: 80)).write(to: URL(fileURLWithPath: path))

        #expect(try PhotoProcessor().processFile(atPath: path).width == 120)
        let pool = WorkerThreadPool(name: "jpeg-file-test", threadCount: 1)
        defer { pool.shutdown() }
        #expect(try await PhotoProcessor().processFile(atPath: path, on: pool).height == 80)

        let missing = directory.appendingPathComponent("missing.jpg").path
        #expect {
            try PhotoProcessor().processFile(atPath: missing)
        } throws: { error in
            guard case PhotoProcessingError.unreadable(let reported, _) = error else { return false }
            return reported == missing
        }
        let small = PhotoProcessor(options: PhotoProcessingOptions(maxInputBytes: 10))
        #expect {
            try small.processFile(atPath: path)
        } throws: { error in
            guard case PhotoProcessingError.inputTooLarge = error else { return false }
            return true
        }
    }
}
