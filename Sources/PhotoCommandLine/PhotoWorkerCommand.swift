import DurableFiles
import Glibc
import PhotoPipeline
import PlainJSON

/// `grain-stories-photo estimate IN …`, `grain-stories-photo worker IN OUT …` and
/// `grain-stories-photo resize IN OUT WIDTH …`, each followed by `--options JSON
/// --memory-limit BYTES`: what the server runs (`PhotoWorker`) to estimate one uploaded
/// photo from its header, to prepare it, and to make a cached photo `WIDTH` pixels wide
/// for the browsers (`PhotoProcessor.resizeFile`), in a process of its own. It caps its own writable memory (`RLIMIT_DATA`) before it reads the file, does the
/// step, writes the JPEG to OUT (`worker`) and prints one `PhotoWorkerResult` JSON line; a
/// refusal is a result too (exit 0). Not meant to be run by hand.
enum PhotoWorkerCommand {
    /// The steps, by their subcommand.
    enum Step: String {
        case estimate, worker, resize

        /// How many arguments (paths, and the width) come before the options.
        var pathCount: Int {
            switch self {
            case .estimate: 1
            case .worker: 2
            case .resize: 3
            }
        }
        var usage: String {
            switch self {
            case .estimate: "estimate IN --options JSON --memory-limit BYTES"
            case .worker: "worker IN OUT --options JSON --memory-limit BYTES"
            case .resize: "resize IN OUT WIDTH --options JSON --memory-limit BYTES"
            }
        }
    }

    static func run(_ step: Step, arguments: [String]) -> Int32 {
        let paths = step.pathCount
        guard arguments.count == paths + 4, arguments[paths] == "--options", arguments[paths + 2] == "--memory-limit",
            let limit = Int(arguments[paths + 3]), limit > 0,
            let options = try? WorkerJSON.decode(PhotoProcessingOptions.self, from: Array(arguments[paths + 1].utf8)),
            step != .resize || Int(arguments[2]).map({ $0 > 0 }) == true
        else {
            ToolOutput.error("grain-stories-photo \(step.rawValue): usage: \(step.usage)")
            return 64
        }
        var cap = rlimit(rlim_cur: rlim_t(limit), rlim_max: rlim_t(limit))
        guard setrlimit(Int32(RLIMIT_DATA.rawValue), &cap) == 0 else {
            ToolOutput.error("grain-stories-photo \(step.rawValue): the memory limit could not be set (errno \(errno))")
            return 71
        }
        let processor = PhotoProcessor(options: options)
        let result: PhotoWorkerResult
        do {
            switch step {
            case .estimate:
                result = .estimate(try processor.memoryEstimateOfFile(atPath: arguments[0]))
            case .worker, .resize:
                let photo =
                    try step == .resize
                    ? processor.resizeFile(atPath: arguments[0], toWidth: Int(arguments[2]) ?? 0) : processor.processFile(atPath: arguments[0])
                // Not synced: a hand-over file the server reads at once and removes (or,
                // for a size, renames into its media cache).
                guard ToolOutput.write(photo.jpeg, to: arguments[1]) else {
                    ToolOutput.error("grain-stories-photo \(step.rawValue): cannot write \(arguments[1])")
                    return 73
                }
                result = PhotoWorkerResult(photo)
            }
        } catch {
            result = .refused(error)
        }
        guard let line = try? WorkerJSON.encode(result) else { return 70 }
        ToolOutput.output(String(decoding: line, as: UTF8.self))
        return 0
    }
}
