import CTurboJPEG

/// Encodes RGB pixels as a JPEG with TurboJPEG. Used by the pipeline and by callers that
/// need to produce JPEGs of their own (tests build their inputs with it).
public enum JPEGEncoder {
    /// Chroma subsampling of the encoded JPEG; `.gray` writes a one-component image.
    public enum Subsampling: Sendable, CaseIterable {
        case s444, s422, s420, gray

        var turboJPEGValue: TJSAMP {
            switch self {
            case .s444: TJSAMP_444
            case .s422: TJSAMP_422
            case .s420: TJSAMP_420
            case .gray: TJSAMP_GRAY
            }
        }
    }

    /// Encodes `image` at `quality` (1…100), baseline unless `progressive`.
    public static func encode(
        _ image: RGBImage, quality: Int, subsampling: Subsampling = .s420, progressive: Bool = false
    ) throws(PhotoProcessingError) -> [UInt8] {
        guard (1...100).contains(quality) else { throw .invalidOptions("quality must be between 1 and 100") }
        return try TurboJPEGCompressor().encode(image, quality: quality, subsampling: subsampling, progressive: progressive)
    }
}
