/// Unguessable file names, so scratch and temporary files cannot be predicted (and
/// pre-created or linked) by anyone else on the machine.
enum RandomName {
    /// 32 lowercase hex digits from the system's secure generator.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        return String((0..<32).map { _ in digits[Int(UInt8.random(in: 0...15, using: &generator))] })
    }
}
