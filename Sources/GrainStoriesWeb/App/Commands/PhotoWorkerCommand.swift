import Foundation
import GrainSupport
import PhotoPipeline
import Posting

/// `grain-stories photo worker IN OUT --options JSON --memory-limit BYTES`: what the
/// server runs (`PhotoWorker`) to prepare one uploaded photo in a process of its own.
/// It caps its own writable memory (`RLIMIT_DATA`) before it reads the file, prepares
/// it, writes the JPEG to OUT and prints one `PhotoWorkerResult` JSON line; a refusal
/// is a result too (exit 0). Not meant to be run by hand.
enum PhotoWorkerCommand {
    static func run(arguments: [String]) -> Int32 {
        guard arguments.count == 6, arguments[2] == "--options", arguments[4] == "--memory-limit",
            let limit = Int(arguments[5]), limit > 0,
            let options = try? JSONDecoder().decode(PhotoProcessingOptions.self, from: Data(arguments[3].utf8))
        else {
            StandardStreams.error("grain-stories photo worker: usage: worker IN OUT --options JSON --memory-limit BYTES")
            return 64
        }
        var cap = rlimit(rlim_cur: rlim_t(limit), rlim_max: rlim_t(limit))
        guard setrlimit(Int32(RLIMIT_DATA.rawValue), &cap) == 0 else {
            StandardStreams.error("grain-stories photo worker: the memory limit could not be set (errno \(errno))")
            return 71
        }
        let result: PhotoWorkerResult
        do {
            let photo = try PhotoProcessor(options: options).processFile(atPath: arguments[0])
            guard FileManager.default.createFile(atPath: arguments[1], contents: Data(photo.jpeg), attributes: [.posixPermissions: 0o600]) else {
                StandardStreams.error("grain-stories photo worker: cannot write \(arguments[1])")
                return 73
            }
            result = PhotoWorkerResult(photo)
        } catch {
            result = .refused(error)
        }
        guard let line = try? JSONEncoder().encode(result) else { return 70 }
        StandardStreams.output(String(decoding: line, as: UTF8.self))
        return 0
    }
}
