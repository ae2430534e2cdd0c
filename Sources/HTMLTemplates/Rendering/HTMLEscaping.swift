/// HTML escaping of `& < > " '`, correct both in text and in quoted attribute values.
///
/// Most values need no escaping at all, so the common case is one scan over contiguous
/// UTF-8 bytes and a single append.
enum HTMLEscaping {
    static func append(_ value: String, to output: inout String) {
        var value = value
        value.makeContiguousUTF8()
        let firstSpecial = value.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            for offset in bytes.indices where isSpecial(bytes[offset]) { return offset }
            return nil
        }
        guard let firstSpecial = firstSpecial ?? 0 else {
            output += value
            return
        }
        let utf8 = value.utf8
        var runStart = utf8.index(utf8.startIndex, offsetBy: firstSpecial)
        output += value[..<runStart]
        var index = runStart
        while index < utf8.endIndex {
            let byte = utf8[index]
            if isSpecial(byte) {
                output += value[runStart..<index]
                output += replacement(for: byte)
                index = utf8.index(after: index)
                runStart = index
            } else {
                index = utf8.index(after: index)
            }
        }
        output += value[runStart...]
    }

    @inline(__always)
    static func isSpecial(_ byte: UInt8) -> Bool {
        // All five are in 0x22...0x3E; one range check rejects almost every byte.
        guard byte &- 0x22 <= 0x1C else { return false }
        return byte == 0x22 || byte == 0x26 || byte == 0x27 || byte == 0x3C || byte == 0x3E
    }

    private static func replacement(for byte: UInt8) -> String {
        switch byte {
        case 0x26: "&amp;"
        case 0x3C: "&lt;"
        case 0x3E: "&gt;"
        case 0x22: "&quot;"
        default: "&#39;"
        }
    }
}
