/// Image types the media proxy passes on, recognised from the bytes themselves (never
/// from the upstream `Content-Type`), so nothing but an image is ever served from
/// `/media/`.
enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, webp, gif, avif

    var contentType: String { "image/\(rawValue)" }
    var fileExtension: String { rawValue }

    init?(sniffing bytes: [UInt8]) {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<(offset + prefix.count)]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("ftypavif".utf8), at: 4) || starts(Array("ftypavis".utf8), at: 4) {
            self = .avif
        } else {
            return nil
        }
    }

    init?(fileExtension: String) {
        self.init(rawValue: fileExtension)
    }
}
