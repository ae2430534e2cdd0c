import Foundation
import GrainStoriesCore

/// The `grain-stories` executable: hands the command line and environment to the app.
@main
struct Main {
    static func main() async {
        let status = await GrainStoriesCommand.run(
            arguments: CommandLine.arguments,
            environment: ProcessInfo.processInfo.environment
        )
        exit(status)
    }
}
