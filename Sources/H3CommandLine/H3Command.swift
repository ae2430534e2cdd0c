import GrainSupport
import H3Index

/// `grain-stories h3 …`: H3 cell tools for checking what location a story would carry.
///
/// `h3 cell LAT LNG RES` prints one cell; `h3 cell --tsv` converts a stream (see
/// `H3TSVConverter`); `h3 bench` (hidden) times the indexer for `scripts/bench-h3`.
/// Exit status: 0 success, 64 usage error, 65 bad input data, 74 read error.
package enum H3Command {
    package static let usage = """
        Usage:
          grain-stories h3 cell LAT LNG RES
              Print the H3 cell (15 hex digits) containing the point LAT, LNG (decimal
              degrees) at resolution RES (0-15). Stories use resolution 10.
          grain-stories h3 cell --tsv
              Read lines "lat<TAB>lng<TAB>res" on standard input and write
              "lat<TAB>lng<TAB>res<TAB>cell" lines to standard output, the input fields
              echoed verbatim. A first line starting with "lat" is a header and gets
              "<TAB>cell" appended. A malformed line stops with an error naming it.
          grain-stories h3 --help
              Show this help.

        Cells are bit-identical to Uber's H3 C library v4.5.0 (latLngToCell).
        Exit status: 0 success, 64 usage error, 65 bad input data, 74 read error.
        """

    package static func run(arguments: [String]) -> Int32 {
        guard let subcommand = arguments.first else {
            return usageError("missing subcommand")
        }
        let rest = Array(arguments.dropFirst())
        switch subcommand {
        case "--help", "-h", "help":
            StandardStreams.output(usage)
            return 0
        case "cell":
            if rest == ["--help"] || rest == ["-h"] {
                StandardStreams.output(usage)
                return 0
            }
            if rest == ["--tsv"] {
                return H3TSVCommand.run()
            }
            return cell(rest)
        case "bench":
            return bench(rest)
        default:
            return usageError("unknown subcommand '\(subcommand)'")
        }
    }

    /// `h3 cell LAT LNG RES`. Arguments are positional, so "-33.9" is a latitude.
    private static func cell(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3 else {
            return usageError("'h3 cell' takes LAT LNG RES or --tsv")
        }
        guard let latitude = Double(arguments[0]) else {
            return dataError("latitude '\(arguments[0])' is not a number")
        }
        guard let longitude = Double(arguments[1]) else {
            return dataError("longitude '\(arguments[1])' is not a number")
        }
        guard let resolution = Int(arguments[2]) else {
            return dataError("resolution '\(arguments[2])' is not an integer")
        }
        do {
            let cell = try H3Cell(latitude: latitude, longitude: longitude, resolution: resolution)
            StandardStreams.output(cell.description)
            return 0
        } catch {
            return dataError(error.description)
        }
    }

    /// `h3 bench [--points N] [--res R] [--seed S] [--rounds K]`.
    private static func bench(_ arguments: [String]) -> Int32 {
        var benchmark = H3Benchmark()
        var index = 0
        while index < arguments.count {
            guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), value >= 0 else {
                return usageError("'h3 bench' takes --points N, --res R, --seed S, --rounds K")
            }
            switch arguments[index] {
            case "--points": benchmark.points = value
            case "--res": benchmark.resolution = value
            case "--seed": benchmark.seed = UInt64(value)
            case "--rounds": benchmark.rounds = value
            default: return usageError("unknown option '\(arguments[index])' for 'h3 bench'")
            }
            index += 2
        }
        guard (0...15).contains(benchmark.resolution), benchmark.points > 0 else {
            return usageError("'h3 bench' needs --res 0-15 and at least one point")
        }
        StandardStreams.output(benchmark.run())
        return 0
    }

    private static func usageError(_ message: String) -> Int32 {
        StandardStreams.error("grain-stories h3: \(message). Try 'grain-stories h3 --help'.")
        return 64
    }

    private static func dataError(_ message: String) -> Int32 {
        StandardStreams.error("grain-stories h3 cell: \(message)")
        return 65
    }
}
