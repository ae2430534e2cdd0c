/// What a PNG says about itself before any pixel is decoded: the IHDR facts and the
/// metadata chunks the photo pipeline needs (EXIF for orientation and GPS, ICC to keep).
public struct PNGHeader: Sendable, Equatable {
    /// IHDR colour types (PNG §11.2.2).
    public enum ColorType: UInt8, Sendable {
        case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgbAlpha = 6
    }

    public let width: Int
    public let height: Int
    /// Bits per sample (or per palette index): 1, 2, 4, 8 or 16.
    public let bitDepth: Int
    public let colorType: ColorType
    public let isInterlaced: Bool
    /// Whether the image carries transparency (an alpha channel or a `tRNS` chunk).
    public let hasTransparency: Bool
    /// The `eXIf` chunk: a TIFF structure ("MM\0*" / "II*\0"), the same payload as a
    /// JPEG's APP1 after `Exif\0\0`. A leading `Exif\0\0` some writers add is removed.
    public let exif: [UInt8]?
    /// The `iCCP` chunk's profile, decompressed (nil when absent, damaged or too large).
    public let iccProfile: [UInt8]?
    /// The `gAMA` chunk's value (file gamma × 100000, 45455 for sRGB's 1/2.2), nil when
    /// absent or damaged. libpng's simplified API corrects pixels whose gamma is not sRGB's.
    public let gamma: Int?
    /// Whether the chunks run to IEND. A file cut short is still returned with its
    /// header, so callers can apply pixel limits before refusing it as truncated.
    public let isComplete: Bool

    /// Width × height; both are at most 2³¹ − 1, so this cannot overflow `Int`.
    public var pixelCount: Int { width * height }
}
