/// Names the image format of some bytes from their signature: `PhotoProcessor` picks its
/// decoder by this name ("JPEG", "PNG"), and an unsupported upload gets an error that
/// says what it actually is ("HEIC", "MP4 video", …) instead of "corrupt".
package enum ImageFormatSniffer {
    /// The formats a story can be made from: JPEG and one decoder each for the others
    /// (`PhotoProcessor.pixelSources`, which a test holds to this list). A photo shared
    /// before signing in is checked against it before it is kept (`ShareTargetEndpoint`).
    package static let postableFormats: Set<String> = ["JPEG", "PNG", "HEIC", "AVIF", "WebP", "GIF"]

    /// The format's common name, "JPEG" for a JPEG SOI, or "unknown" / "empty file".
    package static func formatName(of bytes: [UInt8]) -> String {
        guard !bytes.isEmpty else { return "empty file" }
        if starts(bytes, with: [0xFF, 0xD8, 0xFF]) { return "JPEG" }
        if starts(bytes, with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "PNG" }
        if starts(bytes, with: Array("GIF87a".utf8)) || starts(bytes, with: Array("GIF89a".utf8)) { return "GIF" }
        if starts(bytes, with: Array("RIFF".utf8)), bytes.count >= 12, Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "WebP"
        }
        if let brand = isoBrand(bytes) { return brand }
        if starts(bytes, with: [0x49, 0x49, 0x2A, 0x00]) || starts(bytes, with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return "TIFF"
        }
        if starts(bytes, with: Array("BM".utf8)), bytes.count >= 14 { return "BMP" }
        if starts(bytes, with: [0xFF, 0x0A])
            || starts(bytes, with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A])
        {
            return "JPEG XL"
        }
        if starts(bytes, with: [0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || starts(bytes, with: [0xFF, 0x4F, 0xFF, 0x51]) {
            return "JPEG 2000"
        }
        if starts(bytes, with: Array("%PDF".utf8)) { return "PDF" }
        if starts(bytes, with: [0, 0, 1, 0]) { return "ICO" }
        return "unknown"
    }

    /// ISO base media files (HEIC, AVIF, MP4…) start with an `ftyp` box whose major brand
    /// (and compatible brands) say which.
    private static func isoBrand(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) else { return nil }
        let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(bytes.count, max(boxSize, 12))
        var brands: [String] = [String(decoding: bytes[8..<12], as: UTF8.self)]
        var offset = 16
        while offset + 4 <= end {
            brands.append(String(decoding: bytes[offset..<offset + 4], as: UTF8.self))
            offset += 4
        }
        if brands.contains(where: { ["avif", "avis"].contains($0) }) { return "AVIF" }
        if brands.contains(where: { ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].contains($0) }) {
            return "HEIC"
        }
        if brands.contains(where: { ["qt  "].contains($0) }) { return "QuickTime video" }
        if brands.contains(where: { ["isom", "iso2", "mp41", "mp42", "avc1", "M4V ", "3gp4", "3gp5"].contains($0) }) {
            return "MP4 video"
        }
        return "ISO media"
    }

    /// Whether `formatName` is one of the video names above.
    package static func isVideo(_ formatName: String) -> Bool { formatName.hasSuffix(" video") }

    /// Whether `formatName` says the bytes are nothing recognisable as a photo.
    package static func isUnrecognised(_ formatName: String) -> Bool {
        ["unknown", "empty file", "ISO media"].contains(formatName)
    }

    private static func starts(_ bytes: [UInt8], with prefix: [UInt8]) -> Bool {
        bytes.count >= prefix.count && bytes.prefix(prefix.count).elementsEqual(prefix)
    }
}
