/// `grain-stories h3 cell LAT LNG RES` and `h3 cell --tsv`. PLACEHOLDER.
enum H3Command {
    static func run(arguments: [String]) -> Int32 {
        StandardStreams.error("grain-stories h3: not implemented yet")
        return 70
    }
}
