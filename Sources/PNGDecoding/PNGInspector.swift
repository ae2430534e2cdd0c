import GzipCompression

/// Reads a PNG's chunks without decoding pixels: IHDR, transparency, `eXIf` and `iCCP`,
/// and whether the data runs to IEND.
///
/// This is the cheap, header-first step: it lets the pipeline refuse a 60000 × 60000
/// header or a cut-off file before libpng allocates anything. It is plain Swift over the
/// bytes (PNG's chunk framing is length, type, data, CRC), one pass, allocating only the
/// metadata it returns; metadata chunks are read wherever they appear (`eXIf` may follow
/// the image data).
package enum PNGInspector {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// ICC profiles larger than this are treated as absent: a photo's profile is a few
    /// kilobytes, and the inflate must not be a decompression bomb of its own.
    package static let maxICCProfileBytes = 4 << 20

    /// Inspects `bytes`. Throws `.notPNG`, `.truncated` when the data stops before IHDR
    /// is complete, and `.corrupt` for a bad IHDR or chunk framing. A file cut short after
    /// IHDR is returned with `isComplete == false`.
    package static func inspect(_ bytes: [UInt8]) throws(PNGError) -> PNGHeader {
        guard bytes.count >= 8, bytes.prefix(8).elementsEqual(signature) else {
            throw PNGError(.notPNG, "no PNG signature")
        }
        var offset = 8
        var ihdr: IHDR?
        var hasTransparencyChunk = false
        var exif: [UInt8]?
        var iccProfile: [UInt8]?
        var isComplete = false
        var gamma: Int?
        var imageData: [Range<Int>] = []
        while offset + 8 <= bytes.count {
            let length = Int(readUInt32(bytes, offset))
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            guard length <= Int(Int32.max) else { throw PNGError(.corrupt, "chunk \(type) declares \(length) bytes") }
            let dataStart = offset + 8
            guard dataStart + length + 4 <= bytes.count else { break }  // cut short inside this chunk
            let data = bytes[dataStart..<dataStart + length]
            // Checked only for the chunks read here: IDAT's are libpng's to check while it
            // inflates them, and summing them here too took a seventh of a 12 MP PNG's time.
            let chunkStart = offset
            var crcMatches: Bool {
                CRC32.checksum(bytes[chunkStart + 4..<dataStart + length]) == readUInt32(bytes, dataStart + length)
            }
            offset = dataStart + length + 4
            if ihdr == nil {
                guard type == "IHDR" else { throw PNGError(.corrupt, "the first chunk is \(type), not IHDR") }
                guard crcMatches else { throw PNGError(.corrupt, "IHDR CRC mismatch") }
                ihdr = try IHDR(data)
                continue
            }
            switch type {
            case "IDAT": imageData.append(dataStart..<(dataStart + length))
            case "tRNS": hasTransparencyChunk = true
            case "gAMA" where crcMatches && gamma == nil && length == 4: gamma = Int(readUInt32(bytes, dataStart))
            case "eXIf" where crcMatches && exif == nil: exif = exifPayload(data)
            case "iCCP" where crcMatches && iccProfile == nil: iccProfile = profile(data)
            case "IEND": isComplete = true
            default: break
            }
            if isComplete { break }
        }
        guard let ihdr else { throw PNGError(.truncated, "the data ends before the IHDR chunk") }
        let hasAlphaChannel = ihdr.colorType == .greyAlpha || ihdr.colorType == .rgbAlpha
        let header = PNGHeader(
            width: ihdr.width, height: ihdr.height, bitDepth: ihdr.bitDepth, colorType: ihdr.colorType,
            isInterlaced: ihdr.isInterlaced, hasTransparency: hasAlphaChannel || hasTransparencyChunk,
            exif: exif, iccProfile: iccProfile, gamma: gamma, isComplete: isComplete, imageData: imageData)
        // A 1 × 1 PNG carrying 41.7 MB of IDAT (40 GB of deflated zeros) took libpng minutes
        // to inflate (issue 21): more image data than the declared picture can need is
        // refused here, from the chunk lengths alone.
        guard header.compressedBytes <= header.maxCompressedBytes else {
            throw PNGError(
                .sizeMismatch,
                "\(header.compressedBytes) bytes of image data for a \(header.width) × \(header.height) picture of \(header.inflatedBytes) bytes")
        }
        return header
    }

    /// The TIFF structure of an `eXIf` chunk, without the `Exif\0\0` prefix some writers
    /// copy from JPEG; nil when it does not start like TIFF.
    private static func exifPayload(_ data: ArraySlice<UInt8>) -> [UInt8]? {
        var payload = Array(data)
        if payload.starts(with: Array("Exif".utf8) + [0, 0]) { payload.removeFirst(6) }
        let tiff = payload.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) || payload.starts(with: [0x49, 0x49, 0x2A, 0x00])
        return tiff ? payload : nil
    }

    /// An `iCCP` chunk's profile: a 1–79 byte name, NUL, compression method 0, then a zlib
    /// stream. nil for anything else or a profile above `maxICCProfileBytes`.
    private static func profile(_ data: ArraySlice<UInt8>) -> [UInt8]? {
        guard let nul = data.prefix(80).firstIndex(of: 0), nul > data.startIndex, nul + 1 < data.endIndex,
            data[nul + 1] == 0
        else { return nil }
        let profile = try? Gzip.decompress(Array(data[(nul + 2)...]), limit: maxICCProfileBytes)
        return profile.flatMap { $0.count >= 128 ? $0 : nil }
    }

    static func readUInt32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}

/// The IHDR chunk, validated as PNG §11.2.2 requires (libpng would refuse the same).
private struct IHDR {
    let width: Int
    let height: Int
    let bitDepth: Int
    let colorType: PNGHeader.ColorType
    let isInterlaced: Bool

    init(_ data: ArraySlice<UInt8>) throws(PNGError) {
        guard data.count == 13 else { throw PNGError(.corrupt, "IHDR is \(data.count) bytes, not 13") }
        let bytes = Array(data)
        width = Int(PNGInspector.readUInt32(bytes, 0))
        height = Int(PNGInspector.readUInt32(bytes, 4))
        guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height) else {
            throw PNGError(.corrupt, "IHDR size \(width) × \(height)")
        }
        bitDepth = Int(bytes[8])
        guard let colorType = PNGHeader.ColorType(rawValue: bytes[9]) else {
            throw PNGError(.corrupt, "IHDR colour type \(bytes[9])")
        }
        self.colorType = colorType
        let allowedDepths: [Int] =
            switch colorType {
            case .grey: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            case .rgb, .greyAlpha, .rgbAlpha: [8, 16]
            }
        guard allowedDepths.contains(bitDepth) else {
            throw PNGError(.corrupt, "IHDR bit depth \(bitDepth) for colour type \(colorType.rawValue)")
        }
        guard bytes[10] == 0, bytes[11] == 0, bytes[12] <= 1 else {
            throw PNGError(.corrupt, "IHDR compression, filter or interlace method unknown")
        }
        isInterlaced = bytes[12] == 1
    }
}
