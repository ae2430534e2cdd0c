import Foundation
import HTTPTestKit
import PhotoPipeline
import TestKit
import Testing

@testable import Accounts
@testable import Posting
@testable import Social

/// `PhotoWorker` estimates and prepares a photo in child processes (`grain-stories-photo
/// estimate` and `worker`, the debug build of this checkout) under a hard memory cap and a
/// deadline that hold whatever the file's header says and whatever the estimate allows.
@Suite struct PhotoWorkerTests {
    static var heic: String { ProjectPaths.root + "/Tests/HEIFDecodingTests/Resources/large-flat.heic" }
    static var jpeg: String { ProjectPaths.root + "/Tests/PhotoPipelineTests/Resources/exiftool-sydney.jpg" }

    /// A copy of `path` in a scratch directory (the worker writes its output beside it).
    static func scratchCopy(of path: String) throws -> String {
        let directory = ProjectPaths.temporaryDirectory("photo-worker")
        let copy = directory + "/" + URL(fileURLWithPath: path).lastPathComponent
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        return copy
    }

    @Test func aPhotoComesBackAsTheInProcessPipelineMakesIt() throws {
        let input = try Self.scratchCopy(of: Self.jpeg)
        let options = PhotoProcessingOptions()
        let isolated = try PhotoWorker(executable: ServerProcess.photoBinary, options: options).process(fileAt: input)
        let inProcess = try PhotoProcessor(options: options).processFile(atPath: input)
        #expect(isolated == inProcess)
        #expect(!FileManager.default.fileExists(atPath: input + ".worker.jpg"), "the hand-over file is gone")
    }

    /// The estimate is read in the child, as the pipeline reads it in process: for a JPEG
    /// (inspected a window at a time) and for a HEIC (parsed by libheif, which the server
    /// does not link).
    @Test func anEstimateComesBackAsTheInProcessPipelineMakesIt() throws {
        let options = PhotoProcessingOptions(maxDecodeBytes: 1 << 30)
        for path in [Self.jpeg, Self.heic] {
            let isolated = try PhotoWorker(executable: ServerProcess.photoBinary, options: options).memoryEstimate(ofFileAt: path)
            let inProcess = try PhotoProcessor(options: options).memoryEstimateOfFile(atPath: path)
            #expect(isolated == inProcess, "\(path)")
            #expect(isolated.peakBytes > 0)
        }
    }

    /// A header that rules the photo out is refused by the estimate's child with the error
    /// the pipeline gives in process: not a photo at all, and a photo above the decode budget.
    @Test func anEstimateRefusalIsTheSameTypedError() throws {
        let directory = ProjectPaths.temporaryDirectory("photo-worker")
        let text = directory + "/not-a-photo.jpg"
        try Data("GIF89a not a photo".utf8).write(to: URL(fileURLWithPath: text))
        let strict = PhotoProcessingOptions(maxDecodeBytes: 64 << 20)
        for path in [text, Self.heic] {
            let inProcess = #expect(throws: PhotoProcessingError.self) { _ = try PhotoProcessor(options: strict).memoryEstimateOfFile(atPath: path) }
            let isolated = #expect(throws: PhotoProcessingError.self) {
                _ = try PhotoWorker(executable: ServerProcess.photoBinary, options: strict).memoryEstimate(ofFileAt: path)
            }
            #expect(isolated == inProcess, "\(path)")
        }
    }

    /// The 7000 × 7000 HEIC needs about 450 MB to decode. With the estimate's limit set
    /// high enough to let it through, the cap alone stops it, and the process that asked
    /// goes on; with room, the same file is prepared.
    @Test func theMemoryCapHoldsWhenTheEstimateLetsAPhotoThrough() throws {
        let input = try Self.scratchCopy(of: Self.heic)
        let generous = PhotoProcessingOptions(maxDecodeBytes: 1 << 30)
        #expect(throws: PhotoProcessingError.self) {
            _ = try PhotoWorker(executable: ServerProcess.photoBinary, options: generous, memoryLimit: 128 << 20).process(fileAt: input)
        }
        let photo = try PhotoWorker(executable: ServerProcess.photoBinary, options: generous, memoryLimit: 1 << 30).process(fileAt: input)
        #expect(photo.width == 2000 && photo.height == 2000)
    }

    @Test func aWorkerPastItsDeadlineIsKilledAndSaysSo() throws {
        let input = try Self.scratchCopy(of: Self.heic)
        let generous = PhotoProcessingOptions(maxDecodeBytes: 1 << 30)
        let worker = PhotoWorker(executable: ServerProcess.photoBinary, options: generous, memoryLimit: 1 << 30, deadline: .milliseconds(1))
        #expect {
            _ = try worker.process(fileAt: input)
        } throws: { error in
            guard case .tookTooLong = error as? PhotoProcessingError else { return false }
            return true
        }
    }

    /// The estimate has a deadline of its own (issue 45: it had the processing's 40 s, so a
    /// file that was slow to estimate held its thread that long): an estimate past it is
    /// killed and says so, while the same worker still processes the photo in its own time.
    @Test func theEstimateHasItsOwnShortDeadline() throws {
        let input = try Self.scratchCopy(of: Self.jpeg)
        let worker = PhotoWorker(executable: ServerProcess.photoBinary, options: PhotoProcessingOptions(), estimateDeadline: .milliseconds(1))
        #expect(worker.deadline == .seconds(40))
        #expect(throws: PhotoProcessingError.tookTooLong(format: "photo", detail: "no estimate after 0.001 seconds")) {
            _ = try worker.memoryEstimate(ofFileAt: input)
        }
        #expect(try worker.process(fileAt: input).width > 0)
    }

    @Test func aRefusalInTheWorkerIsTheSameTypedError() throws {
        let input = try Self.scratchCopy(of: Self.heic)
        let strict = PhotoProcessingOptions(maxDecodeBytes: 64 << 20)
        let inProcess = #expect(throws: PhotoProcessingError.self) { _ = try PhotoProcessor(options: strict).processFile(atPath: input) }
        let isolated = #expect(throws: PhotoProcessingError.self) {
            _ = try PhotoWorker(executable: ServerProcess.photoBinary, options: strict).process(fileAt: input)
        }
        #expect(isolated == inProcess)
    }
}
