/// `grain-stories photo process IN OUT`: runs the photo pipeline. PLACEHOLDER.
enum PhotoCommand {
    static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        StandardStreams.error("grain-stories photo: not implemented yet")
        return 70
    }
}
