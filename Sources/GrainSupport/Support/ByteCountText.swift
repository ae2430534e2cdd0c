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

    private static func trimmed(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
