package import PhotoPipeline

/// Reads a binary PPM (P6, 8-bit), the format the committed reference decodes are kept in
/// (`scripts/generate-photo-references` writes them with ImageMagick, dwebp and
/// heif-convert): trivially parsed here, so no decoder under test reads its own reference.
package enum PPMImage {
    package struct Malformed: Error, CustomStringConvertible {
        package let description: String
    }

    package static func decode(_ bytes: [UInt8]) throws -> RGBImage {
        var position = 0
        var fields: [String] = []
        while fields.count < 4 {
            while position < bytes.count, isSpace(bytes[position]) { position += 1 }
            if position < bytes.count, bytes[position] == UInt8(ascii: "#") {
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
                continue
            }
            let start = position
            while position < bytes.count, !isSpace(bytes[position]) { position += 1 }
            guard position > start else { throw Malformed(description: "PPM header ends early") }
            fields.append(String(decoding: bytes[start..<position], as: UTF8.self))
        }
        guard fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]), fields[3] == "255" else {
            throw Malformed(description: "not an 8-bit binary PPM: \(fields)")
        }
        let start = position + 1  // one whitespace byte after maxval
        guard bytes.count >= start + width * height * 3,
            let image = RGBImage(width: width, height: height, pixels: Array(bytes[start..<(start + width * height * 3)]))
        else { throw Malformed(description: "PPM pixel data is short") }
        return image
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}
