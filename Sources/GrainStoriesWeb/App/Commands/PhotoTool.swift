import FoundationEssentials
import Glibc
import GrainSupport

/// `grain-stories-photo`, the executable beside `grain-stories` that holds the photo
/// pipeline and its codecs: the server runs it as a child for every upload, and
/// `grain-stories photo …` hands the command line over to it, so the server process itself
/// maps no image library (issue 26: a smaller resident set) and parses no photo.
enum PhotoTool {
    /// The executable's name, installed in the same directory as `grain-stories`.
    static let name = "grain-stories-photo"

    /// Where `grain-stories-photo` is: beside this program's own executable, as the build
    /// (`.build/…`), `scripts/build-release` and the container image place them. Plain
    /// string work on purpose: every start computes it, and `URL`'s path methods would run
    /// CoreFoundation's string code there, which then stays resident (issue 26).
    package static var besideThisProgram: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        guard let slash = executable.lastIndex(of: "/") else { return name }
        return executable[...slash] + name
    }

    /// Why `path` cannot be run as the photo tool, or nil when it can.
    static func problem(at path: String) -> String? {
        guard access(path, X_OK) == 0 else {
            return "\(name) is missing or not executable at \(path): it prepares uploaded photos and is installed beside grain-stories"
        }
        return nil
    }

    /// `grain-stories photo ARGS…`: replaces this process with `grain-stories-photo ARGS…`,
    /// so what the person typed keeps working; returns only when that cannot be done.
    static func handOver(arguments: [String]) -> Int32 {
        let path = besideThisProgram
        if let problem = problem(at: path) {
            StandardStreams.error("grain-stories photo: \(problem)")
            return 69
        }
        let argv = ([name] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        execv(path, argv)
        StandardStreams.error("grain-stories photo: \(name) could not be started at \(path) (errno \(errno))")
        return 71
    }
}
