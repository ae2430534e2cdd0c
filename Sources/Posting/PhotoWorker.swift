import DurableFiles
import Glibc
package import PhotoModel
import PlainJSON
import ProcessSpawning

/// Prepares one photo in child processes of `grain-stories-photo`, the only executable
/// that links the image codecs: one child reads the header for the memory estimate
/// (`estimate`), a second processes the photo when the photo queue admits it (`worker`).
/// The server process itself never parses a photo, so neither a hostile header nor a
/// codec's bug can touch it.
///
/// What a hostile file can cost is capped whatever its header claims: each child limits
/// its own writable memory (`RLIMIT_DATA`) to `memoryLimit` before it reads the file, it is
/// killed at its deadline (`estimateDeadline` for the estimate, `deadline` for the
/// processing), and a decoder that crashes or runs out of memory takes only the child with it. The header checks and the memory estimate (which decide whether and
/// when a photo runs) still come first; this is the cap that holds if they are wrong.
///
/// Both calls block their thread until the child exits: call them on a file or photo thread.
package struct PhotoWorker: PhotoProcessing {
    /// The `grain-stories-photo` executable.
    package let executable: String
    package let options: PhotoProcessingOptions
    /// Bytes of writable memory the child may have: the decode budget plus the
    /// executable's own needs (`baseline`).
    package let memoryLimit: Int
    /// The processing child is killed after this long.
    package let deadline: Duration
    /// The estimate child is killed after this long: reading a header takes milliseconds,
    /// and every estimate runs before its account's turn in the photo queue, so one that
    /// runs long holds up other accounts' uploads (issue 45); see `defaultEstimateDeadline`.
    package let estimateDeadline: Duration

    /// What the executable needs before it decodes anything (its libraries, Swift's
    /// runtime and a few thread stacks), measured at well under 40 MB; the rest is the decode.
    package static let baseline = 96 << 20

    /// 5 s: an estimate reads only the header (tens of milliseconds for a phone's photo,
    /// about half a second of CPU for a HEIF at `HEIFItemTable.Limits`), so this leaves
    /// room for a busy machine while bounding how long one estimate can hold its thread.
    package static let defaultEstimateDeadline = Duration.seconds(5)

    package init(
        executable: String, options: PhotoProcessingOptions, memoryLimit: Int? = nil, deadline: Duration? = nil,
        estimateDeadline: Duration = PhotoWorker.defaultEstimateDeadline
    ) {
        self.executable = executable
        self.options = options
        self.memoryLimit = memoryLimit ?? options.maxDecodeBytes + PhotoWorker.baseline
        self.deadline = deadline ?? options.decodeTimeLimit + .seconds(10)
        self.estimateDeadline = estimateDeadline
    }

    /// The estimate of the photo at `path`, read from its header by a child process.
    package func memoryEstimate(ofFileAt path: String) throws(PhotoProcessingError) -> MemoryEstimate {
        switch try run(["estimate", path], deadline: estimateDeadline, step: "estimate") {
        case .estimate(let estimate): return estimate
        case .refused(let error): throw error
        case .photo: throw .encodingFailed("the photo worker answered an estimate with a photo")
        }
    }

    /// The photo at `path`, prepared by a child process; its JPEG passes through a file
    /// next to `path` that is removed again.
    package func process(fileAt path: String) throws(PhotoProcessingError) -> ProcessedPhoto {
        let output = path + ".worker.jpg"
        defer { _ = unlink(output) }
        switch try run(["worker", path, output], deadline: deadline, step: "result") {
        case .refused(let error):
            throw error
        case .estimate:
            throw .encodingFailed("the photo worker answered a photo with an estimate")
        case .photo(let width, let height, let quality, let orientation, let metadata):
            let jpeg: [UInt8]
            do {
                jpeg = try FileDescriptorIO.read(output, limit: Int.max)
            } catch {
                throw .encodingFailed("the photo worker's output could not be read: \(error)")
            }
            return ProcessedPhoto(jpeg: jpeg, width: width, height: height, quality: quality, appliedOrientation: orientation, metadata: metadata)
        }
    }

    /// Runs `grain-stories-photo` with `arguments`, the options and the memory limit, and
    /// reads the one JSON line it prints; kills it after `deadline`, saying no `step` came.
    func run(_ arguments: [String], deadline: Duration, step: String) throws(PhotoProcessingError) -> PhotoWorkerResult {
        let optionsJSON: String
        do {
            optionsJSON = String(decoding: try WorkerJSON.encode(options), as: UTF8.self)
        } catch {
            throw .invalidOptions("the options could not be handed to the photo worker: \(error)")
        }
        let child: ChildProcess
        do {
            child = try ChildProcess.start(executable, arguments: arguments + ["--options", optionsJSON, "--memory-limit", String(memoryLimit)])
        } catch {
            throw .encodingFailed("the photo worker could not be started: \(error)")
        }
        let watchdog = Watchdog(pid: child.pid, after: deadline)
        // One JSON line: the metadata of a photo is at most a few kilobytes.
        let printed = child.readOutput(limit: 1 << 20)
        let ending = child.wait()
        let killed = watchdog.cancel()
        if killed { throw .tookTooLong(format: "photo", detail: "no \(step) after \(deadline)") }
        guard ending == .exited(0), let result = try? WorkerJSON.decode(PhotoWorkerResult.self, from: printed) else {
            // Out of its memory (an allocation failed and the process aborted) or a
            // decoder that crashed: either way this file cannot be prepared here.
            throw .damaged(format: "photo", detail: "the photo worker stopped (\(ending)) within \(memoryLimit >> 20) MB")
        }
        return result
    }
}
