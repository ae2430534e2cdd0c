/// `grain-stories serve`: reads configuration, builds the app and serves until SIGTERM. PLACEHOLDER.
enum ServeCommand {
    static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        StandardStreams.error("grain-stories serve: not implemented yet")
        return 70
    }
}
