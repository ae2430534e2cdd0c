import GzipCompression

/// Builds PNGs in tests, including hostile ones: a declared size with whatever image data
/// the test wants (issue 21's inflate bombs), as a zlib stream made from the project's own
/// gzip (the deflate data is the same; only the wrapper differs).
package enum PNGBuilder {
    /// A PNG of `width × height` with IHDR `colorType`/`bitDepth` and `idat` as one IDAT.
    package static func png(width: Int, height: Int, colorType: UInt8 = 0, bitDepth: UInt8 = 8, idat: [UInt8]) -> [UInt8] {
        var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        ihdr += [bitDepth, colorType, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    /// `raw` as a zlib stream (RFC 1950): header, the deflate data of a gzip member, Adler-32.
    package static func zlib(_ raw: [UInt8]) throws -> [UInt8] {
        let gzip = try Gzip.compress(raw)
        return [0x78, 0xDA] + gzip[10..<(gzip.count - 8)] + bigEndian(adler32(raw))
    }

    /// `raw` as a zlib stream of stored (uncompressed) deflate blocks, followed by
    /// `emptyBlocks` empty stored blocks before the final one: a stream that inflates to
    /// exactly `raw` however long it is made. `adler` replaces the true Adler-32 when given.
    package static func storedZlib(_ raw: [UInt8], emptyBlocks: Int = 0, adler: UInt32? = nil) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        func block(_ bytes: ArraySlice<UInt8>, final: Bool) {
            let length = UInt16(bytes.count)
            stream += [final ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            stream += bytes
        }
        for start in stride(from: 0, to: raw.count, by: 65_535) {
            block(raw[start..<min(start + 65_535, raw.count)], final: false)
        }
        for _ in 0..<emptyBlocks { block([], final: false) }
        block([], final: true)
        return stream + bigEndian(adler ?? adler32(raw))
    }

    /// The raw image data of a grey picture: every row filter 0, then `width` samples.
    package static func greyRows(width: Int, height: Int, level: UInt8 = 128) -> [UInt8] {
        let row = [0] + [UInt8](repeating: level, count: width)
        return [UInt8]((0..<height).lazy.flatMap { _ in row })
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    /// An honest grey PNG of one level: every row filter 0 and `width` samples.
    package static func flatGrey(width: Int, height: Int, level: UInt8 = 128) throws -> [UInt8] {
        png(width: width, height: height, idat: try zlib(greyRows(width: width, height: height, level: level)))
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
