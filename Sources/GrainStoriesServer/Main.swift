import Foundation
import GrainStoriesWeb
import H3CommandLine

/// The `grain-stories` executable: hands the command line and environment to the app,
/// or to the H3 tools for `grain-stories h3 …`, which need nothing of the server.
///
/// `main` is synchronous on purpose: it starts the command as a task and blocks the main
/// thread until it finishes (`MainThreadWait`). An `async` main ends in `dispatch_main`,
/// which on Linux calls `pthread_exit` on the main thread, and glibc unwinds that thread's
/// stack with the C++ unwinder, reading the binary's `.eh_frame_hdr` and `.eh_frame`:
/// about 1.1 MB that then stays resident for the life of every process (issue 26).
@main
struct Main {
    static func main() {
        let arguments = CommandLine.arguments
        if arguments.count > 1, arguments[1] == "h3" {
            exit(H3Command.run(arguments: Array(arguments.dropFirst(2))))
        }
        let environment = ProcessInfo.processInfo.environment
        exit(MainThreadWait.run { await GrainStoriesCommand.run(arguments: arguments, environment: environment) })
    }
}
