extension H3Cell {
    /// Parses C's text form: exactly 15 lowercase hex digits naming a valid cell.
    ///
    /// Stricter than C's `stringToH3` on purpose (no uppercase, no `0x`, no padding):
    /// cells read from records must round-trip to the same text.
    package init?(_ text: String) {
        var value: UInt64 = 0
        var count = 0
        for byte in text.utf8 {
            count += 1
            guard count <= 15 else { return nil }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = value << 4 | UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"):
                value = value << 4 | UInt64(byte - UInt8(ascii: "a") + 10)
            default:
                return nil
            }
        }
        guard count == 15 else { return nil }
        self.init(rawValue: value)
    }

    /// Appends the 15 lowercase hex digits of `description` as ASCII bytes, for bulk
    /// output without building a `String` per cell.
    package func appendDescription(to bytes: inout [UInt8]) {
        let digits: StaticString = "0123456789abcdef"
        digits.withUTF8Buffer { table in
            var shift = 56
            while shift >= 0 {
                bytes.append(table[Int((rawValue >> UInt64(shift)) & 0xF)])
                shift -= 4
            }
        }
    }
}
