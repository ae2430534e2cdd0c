/// Reads a bitstream MSB first, as AV1 (`f(n)`, `uvlc()`) and HEVC (`u(n)`, `ue(v)`) define
/// their headers; every read past the end returns nil, so a short or hostile header
/// ends the parse instead of trapping.
struct BitReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// `count` (at most 32) bits as an unsigned number.
    mutating func bits(_ count: Int) -> Int? {
        guard count >= 0, count <= 32, position + count <= bytes.count * 8 else { return nil }
        var value = 0
        for _ in 0..<count {
            let bit = Int(bytes[position >> 3] >> (7 - UInt8(position & 7))) & 1
            value = value << 1 | bit
            position += 1
        }
        return value
    }

    /// One bit as a flag.
    mutating func flag() -> Bool? { bits(1).map { $0 == 1 } }

    /// Skips `count` bits (any number), or nil when that passes the end.
    mutating func skip(_ count: Int) -> Void? {
        guard count >= 0, position + count <= bytes.count * 8 else { return nil }
        position += count
        return ()
    }

    /// An Exp-Golomb number: HEVC's `ue(v)` and AV1's `uvlc()` are the same code. More
    /// than 31 leading zeros is refused (no conforming header needs them).
    mutating func expGolomb() -> Int? {
        var leadingZeros = 0
        while true {
            guard let bit = bits(1) else { return nil }
            if bit == 1 { break }
            leadingZeros += 1
            guard leadingZeros < 32 else { return nil }
        }
        guard let rest = bits(leadingZeros) else { return nil }
        return (1 << leadingZeros) - 1 + rest
    }
}
