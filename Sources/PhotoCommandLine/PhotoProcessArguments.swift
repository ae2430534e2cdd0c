import PhotoPipeline

/// The parsed command line of `grain-stories photo process IN OUT [options]`.
struct PhotoProcessArguments: Equatable {
    static let usage =
        "usage: grain-stories photo process IN.jpg OUT.jpg [--max-bytes N] [--box N] [--quality Q] [--max-pixels N] [--max-decode-bytes N]"

    var inputPath: String
    var outputPath: String
    var options: PhotoProcessingOptions

    /// A command-line mistake, reported with the usage line and exit status 64.
    struct UsageError: Error, Equatable {
        let message: String
    }

    /// Parses the arguments after `process`; flags take `--flag N` or `--flag=N`.
    init(parsing arguments: [String]) throws(UsageError) {
        var positional: [String] = []
        var options = PhotoProcessingOptions()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else {
                positional.append(argument)
                continue
            }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            }
            guard let value else { throw UsageError(message: "\(name) needs a value") }
            switch name {
            case "--max-bytes": options.byteBudget = try Self.positive(value, name)
            case "--box": options.boxSize = try Self.positive(value, name)
            case "--max-pixels": options.maxPixels = try Self.positive(value, name)
            case "--max-decode-bytes": options.maxDecodeBytes = try Self.positive(value, name)
            case "--quality":
                let quality = try Self.positive(value, name)
                guard quality <= 100 else { throw UsageError(message: "--quality must be between 1 and 100") }
                options.initialQuality = quality
                options.minimumQuality = min(options.minimumQuality, quality)
            default:
                throw UsageError(message: "unknown option \(name)")
            }
        }
        guard positional.count == 2 else { throw UsageError(message: "expected an input and an output file") }
        self.inputPath = positional[0]
        self.outputPath = positional[1]
        self.options = options
    }

    private static func positive(_ text: String, _ name: String) throws(UsageError) -> Int {
        guard let value = Int(text), value > 0 else { throw UsageError(message: "\(name) needs a positive whole number") }
        return value
    }
}
