/// What a PNG says about itself before any pixel is decoded: the IHDR facts and the
/// metadata chunks the photo pipeline needs (EXIF for orientation and GPS, ICC to keep).
package struct PNGHeader: Sendable, Equatable {
    /// IHDR colour types (PNG §11.2.2).
    package enum ColorType: UInt8, Sendable {
        case grey = 0
        case rgb = 2
        case palette = 3
        case greyAlpha = 4
        case rgbAlpha = 6

        /// Samples per pixel (a palette index is one).
        var samples: Int {
            switch self {
            case .grey, .palette: 1
            case .greyAlpha: 2
            case .rgb: 3
            case .rgbAlpha: 4
            }
        }
    }

    package let width: Int
    package let height: Int
    /// Bits per sample (or per palette index): 1, 2, 4, 8 or 16.
    package let bitDepth: Int
    package let colorType: ColorType
    package let isInterlaced: Bool
    /// Whether the image carries transparency (an alpha channel or a `tRNS` chunk).
    package let hasTransparency: Bool
    /// The `eXIf` chunk: a TIFF structure ("MM\0*" / "II*\0"), the same payload as a
    /// JPEG's APP1 after `Exif\0\0`. A leading `Exif\0\0` some writers add is removed.
    package let exif: [UInt8]?
    /// The `iCCP` chunk's profile, decompressed (nil when absent, damaged or too large).
    package let iccProfile: [UInt8]?
    /// The `gAMA` chunk's value (file gamma × 100000, 45455 for sRGB's 1/2.2), nil when
    /// absent or damaged. libpng's simplified API corrects pixels whose gamma is not sRGB's.
    package let gamma: Int?
    /// Whether the chunks run to IEND. A file cut short is still returned with its
    /// header, so callers can apply pixel limits before refusing it as truncated.
    package let isComplete: Bool

    /// Where the IDAT chunks' data lies in the inspected bytes, in order.
    package let imageData: [Range<Int>]

    /// The total of the IDAT chunks' data.
    package var compressedBytes: Int { imageData.reduce(0) { $0 + $1.count } }

    /// The exact number of bytes the image data inflates to (PNG §7.2, §8.2): per row one
    /// filter byte and the packed samples, for each of the seven Adam7 passes when
    /// interlaced. Both sides are below 2³¹, so this cannot overflow.
    package var inflatedBytes: Int {
        let bitsPerPixel = bitDepth * colorType.samples
        func rows(width: Int, height: Int) -> Int {
            width == 0 || height == 0 ? 0 : height * (1 + (width * bitsPerPixel + 7) / 8)
        }
        guard isInterlaced else { return rows(width: width, height: height) }
        // (x start, y start, x step, y step) of each Adam7 pass.
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return passes.reduce(0) { total, pass in
            total + rows(width: (width - pass.0 + pass.2 - 1) / pass.2, height: (height - pass.1 + pass.3 - 1) / pass.3)
        }
    }

    /// The most IDAT data an honest encoder can produce for `inflatedBytes`: deflate's worst
    /// case is the fixed Huffman code's 9 bits for a literal (1/8 more than the data; stored
    /// blocks add only 5 bytes per 64 KB), plus 64 KB for headers, block boundaries and
    /// encoders that split oddly. zlib cannot code data in less than ~1/1032 of its size,
    /// so the check that matters for a bomb is the other one: inflating stops at
    /// `inflatedBytes` (`PNGInflateCheck`).
    package var maxCompressedBytes: Int { inflatedBytes + inflatedBytes / 8 + (64 << 10) }

    /// Width × height; both are at most 2³¹ − 1, so this cannot overflow `Int`.
    package var pixelCount: Int { width * height }
}
