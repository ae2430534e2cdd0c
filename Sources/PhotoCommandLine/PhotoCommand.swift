import DurableFiles
import H3Index
import PhotoPipeline

/// `grain-stories-photo process IN OUT [--max-bytes N] [--box N] [--quality Q] [--max-pixels N] [--max-decode-bytes N]`
/// (also as `grain-stories photo process …`, which hands itself over to this program):
/// runs the photo pipeline on a JPEG, PNG, HEIC or AVIF file, writes the JPEG that would be uploaded and prints a
/// one-line JSON summary. Exit status follows sysexits: 64 usage, 65 bad image data,
/// 66 unreadable input, 73 output not writable, 70 internal failure.
/// `estimate` and `worker` are the server's steps (`PhotoWorkerCommand`).
package enum PhotoCommand {
    package static func run(arguments: [String]) -> Int32 {
        let outcome = execute(arguments: arguments)
        if let line = outcome.output { ToolOutput.output(line) }
        if let line = outcome.error { ToolOutput.error(line) }
        return outcome.status
    }

    /// What a run printed and returned; separated from `run` so tests need no pipes.
    struct Outcome: Equatable {
        var status: Int32
        var output: String?
        var error: String?
    }

    static let help = """
        grain-stories photo process IN.jpg|IN.png OUT.jpg [options]

        Processes a JPEG, PNG, HEIC or AVIF the way an uploaded story photo is processed: refuses other formats,
        damaged files and images above the pixel limit or the decode memory budget; applies the EXIF orientation; fits
        it into a square box (never upscaling); re-encodes it within a byte budget without
        any EXIF/GPS/XMP/comments (an RGB ICC profile is kept). Writes OUT.jpg and prints one
        JSON line: width, height, bytes, quality, orientation, gps ({"lat","lng"} or null), h3.

        Options:
          --max-bytes N    byte budget for the output (default 5000000)
          --box N          longest-side box in pixels (default 2000)
          --quality Q      initial JPEG quality, 1-100 (default 95)
          --max-pixels N   refuse images with more pixels than this (default 100000000)
          --max-decode-bytes N
                           refuse images whose decoding is estimated to need more
                           memory than this (default 268435456, 256 MiB)
        """

    static func execute(arguments: [String]) -> Outcome {
        guard let subcommand = arguments.first, subcommand != "--help", subcommand != "-h", subcommand != "help" else {
            return arguments.isEmpty ? usage("missing subcommand") : Outcome(status: 0, output: help)
        }
        if let step = PhotoWorkerCommand.Step(rawValue: subcommand) {
            return Outcome(status: PhotoWorkerCommand.run(step, arguments: Array(arguments.dropFirst())), output: nil, error: nil)
        }
        guard subcommand == "process" else { return usage("unknown subcommand '\(subcommand)'") }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") { return Outcome(status: 0, output: help) }
        let parsed: PhotoProcessArguments
        do {
            parsed = try PhotoProcessArguments(parsing: rest)
        } catch {
            return usage(error.message)
        }
        return process(parsed)
    }

    /// The same pipeline an upload goes through, in this process: the header checks and the
    /// estimate against the decode budget, then the photo, and the H3 cell of its GPS position.
    private static func process(_ arguments: PhotoProcessArguments) -> Outcome {
        let photo: ProcessedPhoto
        do {
            photo = try PhotoProcessor(options: arguments.options).processFile(atPath: arguments.inputPath)
        } catch {
            let subject = if case .unreadable = error { "" } else { "\(arguments.inputPath): " }
            return Outcome(status: status(for: error), error: "grain-stories photo: \(subject)\(error.description)")
        }
        do {
            try DurableFile.write(photo.jpeg, to: arguments.outputPath, permissions: 0o644)
        } catch {
            return Outcome(status: 73, error: "grain-stories photo: cannot write \(arguments.outputPath): \(error.detail)")
        }
        let report = PhotoProcessReport(photo: photo, h3: photo.metadata.gps.flatMap(h3Cell(for:)))
        return Outcome(status: 0, output: report.jsonLine)
    }

    private static func status(for error: PhotoProcessingError) -> Int32 {
        switch error {
        case .unreadable: 66
        case .invalidOptions: 64
        case .encodingFailed: 70
        default: error.isBadInput ? 65 : 70
        }
    }

    private static func usage(_ message: String) -> Outcome {
        Outcome(status: 64, error: "grain-stories photo: \(message). \(PhotoProcessArguments.usage)")
    }
}
