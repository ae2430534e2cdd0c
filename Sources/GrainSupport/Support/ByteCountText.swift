/// Byte counts for people ("5 MB"), in decimal units like the lexicon limits.
package enum ByteCountText {
    package static func describe(_ bytes: Int) -> String {
        switch bytes {
        case ..<1000: return "\(bytes) bytes"
        case ..<1_000_000: return trimmed(Double(bytes) / 1000) + " KB"
        case ..<1_000_000_000: return trimmed(Double(bytes) / 1_000_000) + " MB"
        default: return trimmed(Double(bytes) / 1_000_000_000) + " GB"
        }
    }

    /// A limit as a person reads it, never more than it is: a whole number of MiB (how
    /// limits are configured, 40 MiB) is said as that many MB ("40 MB", not "41.9 MB"),
    /// which undersays it by under 5 %, so a photo that a phone calls "40 MB" (decimal)
    /// always fits; any other limit is rounded down to a tenth of its decimal unit.
    package static func describeLimit(_ bytes: Int) -> String {
        let mebibyte = 1 << 20
        if bytes >= mebibyte, bytes % mebibyte == 0 {
            let count = bytes / mebibyte
            return count >= 1024 && count % 1024 == 0 ? "\(count / 1024) GB" : "\(count) MB"
        }
        switch bytes {
        case ..<1000: return "\(bytes) bytes"
        case ..<1_000_000: return flooredTenth(Double(bytes) / 1000) + " KB"
        case ..<1_000_000_000: return flooredTenth(Double(bytes) / 1_000_000) + " MB"
        default: return flooredTenth(Double(bytes) / 1_000_000_000) + " GB"
        }
    }

    private static func flooredTenth(_ value: Double) -> String {
        let floored = (value * 10).rounded(.down) / 10
        return floored == floored.rounded() ? String(Int(floored)) : String(floored)
    }

    private static func trimmed(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
