import FoundationEssentials
import Glibc
import GrainStoriesWeb
import H3CommandLine

/// The `grain-stories` executable: hands the command line and environment to the app,
/// or to the H3 tools for `grain-stories h3 …`, which need nothing of the server.
@main
struct Main {
    static func main() async {
        let arguments = CommandLine.arguments
        if arguments.count > 1, arguments[1] == "h3" {
            exit(H3Command.run(arguments: Array(arguments.dropFirst(2))))
        }
        let status = await GrainStoriesCommand.run(arguments: arguments, environment: ProcessInfo.processInfo.environment)
        exit(status)
    }
}
