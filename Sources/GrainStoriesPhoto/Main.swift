import Glibc
import PhotoCommandLine

/// The `grain-stories-photo` executable: the photo pipeline's command line (`process`, and
/// the server's `estimate` and `worker` steps). Kept apart from `grain-stories` so that only
/// this program, a child process per photo, links and runs the image codecs; it links no
/// Foundation either, so it starts small.
@main
struct Main {
    static func main() {
        exit(PhotoCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
    }
}
