/// Short random ids tying a request's log lines and its error page together.
enum RequestID {
    private static let alphabet = Array("abcdefghijkmnopqrstuvwxyz23456789")

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<10).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] })
    }
}
