/// Parses numbers straight from ASCII bytes, for bulk input where building a `String`
/// per field would dominate the cost.
///
/// Results always equal `Double(String)` / `Int(String)` on the same text (correctly
/// rounded); only texts the fast path cannot handle exactly fall back to those.
enum ASCIINumber {
    /// Powers of ten that are exact doubles (10^0 ... 10^22).
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The double `Double(String(decoding: bytes, as: UTF8.self))` would give, or nil.
    static func double(_ bytes: UnsafeRawBufferPointer) -> Double? {
        if let value = exactDecimal(bytes) {
            return value
        }
        return Double(String(decoding: bytes, as: UTF8.self))
    }

    /// Clinger's fast path: `[+-]digits[.digits]` with at most 2^53 as the significand
    /// and at most 22 fraction digits is one exact integer divided by one exact power of
    /// ten, which IEEE division rounds correctly. Anything else returns nil.
    static func exactDecimal(_ bytes: UnsafeRawBufferPointer) -> Double? {
        var index = 0
        let count = bytes.count
        var negative = false
        if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var significand: UInt64 = 0
        var sawDigit = false
        var fractionDigits = 0
        var inFraction = false
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                sawDigit = true
                // 2^53 has 16 digits; beyond 17 the exact path cannot hold the value.
                guard significand < 100_000_000_000_000_000 else { return nil }
                significand = significand * 10 + UInt64(digit)
                if inFraction { fractionDigits += 1 }
            }
            index += 1
        }
        guard sawDigit, significand <= 1 << 53, fractionDigits <= 22 else { return nil }
        let magnitude = Double(significand) / exactPowersOfTen[fractionDigits]
        return negative ? -magnitude : magnitude
    }

    /// An optionally signed decimal integer of at most 9 digits, or nil.
    static func int(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        var negative = false
        if bytes.count > 1, bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        guard bytes.count > index, bytes.count - index <= 9 else { return nil }
        var value = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
            index += 1
        }
        return negative ? -value : value
    }
}
