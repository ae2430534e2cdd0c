import CHeif

/// Process-wide libheif facts: one-time initialisation, version and available decoders.
///
/// `heif_init` is reference-counted and registers the built-in (and any dynamic) codec
/// plugins; it runs once, lazily and thread-safely (a Swift global's initialiser), before
/// the first context, and is never balanced by `heif_deinit` because the decoders stay in
/// use for the life of the process.
enum Libheif {
    /// Touch before any other libheif call.
    static func ensureInitialised() { _ = initialisation }

    private static let initialisation: Bool = {
        heif_init(nil).code == heif_error_Ok
    }()

    /// libheif's version string, e.g. "1.15.1".
    static var version: String {
        ensureInitialised()
        return heif_get_version().map { String(cString: $0) } ?? "unknown"
    }

    /// Whether this libheif build can decode `codec` (a compiled-in or loaded plugin).
    static func hasDecoder(for codec: HEIFCodec) -> Bool {
        ensureInitialised()
        switch codec {
        case .hevc: return heif_have_decoder_for_format(heif_compression_HEVC) != 0
        case .av1: return heif_have_decoder_for_format(heif_compression_AV1) != 0
        }
    }
}
