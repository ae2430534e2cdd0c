import Synchronization

/// Short ids tying a request's log lines and its error page together.
///
/// They need to be distinct, not secret: nothing is authorised by one. So they come from
/// a counter, started at a random point once per process and scrambled by SplitMix64's
/// finaliser (a bijection on 64 bits; the 10 characters keep about 50 of them, as many
/// as the random ids had), instead of from the system's random generator, which cost a
/// `getrandom` system call per character: a tenth of the CPU time of every `/healthz`.
enum RequestID {
    private static let alphabet = Array("abcdefghijkmnopqrstuvwxyz23456789".utf8)
    private static let counter = Atomic<UInt64>(UInt64.random(in: .min ... .max))

    static func make() -> String {
        var value = scramble(counter.wrappingAdd(1, ordering: .relaxed).oldValue)
        let base = UInt64(alphabet.count)
        return String(unsafeUninitializedCapacity: 10) { buffer in
            for index in 0..<10 {
                buffer[index] = alphabet[Int(value % base)]
                value /= base
            }
            return 10
        }
    }

    /// SplitMix64's output function: invertible, and it spreads consecutive inputs over
    /// the whole range.
    private static func scramble(_ input: UInt64) -> UInt64 {
        var z = input &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
