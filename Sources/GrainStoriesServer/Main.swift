/// Placeholder entry point.
@main
struct Main {
    static func main() async {}
}
