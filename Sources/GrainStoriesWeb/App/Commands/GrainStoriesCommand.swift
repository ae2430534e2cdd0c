import GrainSupport

/// The `grain-stories` command line: picks the subcommand and runs it.
///
/// `serve` (the default) runs the web server; `backup` and `restore` copy its data
/// directory while it runs; `oauth` manages the OAuth client keys; `photo process`, a tool for previewing
/// what would be posted, is handed to `grain-stories-photo` (`h3`, which needs nothing of the server, is the executable's). Each returns the process exit status.
package enum GrainStoriesCommand {
    package static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        var rest = Array(arguments.dropFirst())
        let subcommand = rest.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "serve"
        if !rest.isEmpty, rest[0] == subcommand { rest.removeFirst() }
        switch subcommand {
        case "photo":
            return PhotoTool.handOver(arguments: rest)
        case "healthcheck":
            return await HealthcheckCommand.run(arguments: rest, environment: environment)
        case "backup":
            return await BackupCommand.run(.backup, arguments: rest, environment: environment)
        case "restore":
            return await BackupCommand.run(.restore, arguments: rest, environment: environment)
        case "oauth":
            return await OAuthCommand.run(arguments: rest, environment: environment)
        case "serve":
            return await ServeCommand.run(arguments: rest, environment: environment)
        default:
            StandardStreams.error("grain-stories: unknown command '\(subcommand)'. Try 'grain-stories --help'.")
            return 64
        }
    }
}
