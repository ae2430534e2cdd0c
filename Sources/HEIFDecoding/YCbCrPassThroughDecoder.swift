import CHeif

/// A libheif decoder plugin wrapped around the real one (libde265 for HEVC, dav1d or libaom
/// for AV1) so that the decoded picture reaches the caller as the codec's YCbCr planes,
/// with the container's `irot` and `imir` applied, instead of as full-size RGB.
///
/// Why a plugin: libheif 1.15.1 converts every decoded colour picture to planar RGB inside
/// `decode_image_planar`, *whatever colourspace `heif_decode_image` asks for* (a request
/// for YCbCr is met by converting that RGB back to YCbCr 4:4:4), before it applies the
/// transformations; there is no option to skip it (`heif_image_handle_get_preferred_
/// decoding_colorspace` came later). The conversion allocates a second full-size picture
/// (36 MB at 12 MP) next to the decoder's (18 MB at 4:2:0). It is skipped only for a
/// monochrome picture; so this plugin hands libheif the decoder's Y, Cb and Cr planes in an
/// image *labelled* monochrome. libheif then leaves the pixels alone, rotates and mirrors
/// every plane by itself (each plane by its own size, which is right for subsampled chroma
/// when the subsampled sides are even) and returns the image as it is when asked for no
/// particular colourspace. The caller recognises the image by its Cb and Cr planes.
///
/// It is registered per context (`heif_register_decoder`, so concurrent decodes never share
/// state) at a priority below any real decoder's, and is used only when named in
/// `heif_decoding_options.decoder_id`, which reaches the primary coded image alone: grid
/// tiles, `iden` references and alpha images are decoded by the real plugin without it, and
/// come out as libheif's planar RGB. A picture that is not 8-bit 4:2:0, 4:2:2 or 4:4:4
/// YCbCr with even subsampled sides, or that has alpha, is passed through untouched, so
/// libheif converts it as usual.
enum YCbCrPassThroughDecoder {
    /// The id to put in `heif_decoding_options.decoder_id` (shared by the HEVC and AV1
    /// wrappers: libheif matches it only among plugins that support the image's format).
    static var id: UnsafePointer<CChar> { idName }

    /// Makes the wrappers available to `context` for the codecs libheif can decode.
    static func register(in context: OpaquePointer) throws(HEIFError) {
        if heif_have_decoder_for_format(heif_compression_HEVC) != 0 {
            try LibheifStatus.check(heif_register_decoder(context, hevc), "heif_register_decoder")
        }
        if heif_have_decoder_for_format(heif_compression_AV1) != 0 {
            try LibheifStatus.check(heif_register_decoder(context, av1), "heif_register_decoder")
        }
    }

    /// The state of one decode: the real plugin and its decoder, until it is freed.
    private final class Wrapped {
        let plugin: UnsafePointer<heif_decoder_plugin>
        var decoder: UnsafeMutableRawPointer?

        init(plugin: UnsafePointer<heif_decoder_plugin>, decoder: UnsafeMutableRawPointer?) {
            self.plugin = plugin
            self.decoder = decoder
        }

        func freeDecoder() {
            if let decoder { plugin.pointee.free_decoder?(decoder) }
            decoder = nil
        }
    }

    /// A C string that lives for the process (libheif keeps the pointers).
    private static func permanentCString(_ text: String) -> UnsafePointer<CChar> {
        let utf8 = Array(text.utf8CString)
        let storage = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
        storage.initialize(from: utf8, count: utf8.count)
        return UnsafePointer(storage)
    }

    nonisolated(unsafe) private static let idName = permanentCString("grainstories-ycbcr-pass-through")
    nonisolated(unsafe) private static let name = permanentCString("GrainStories YCbCr pass-through")
    nonisolated(unsafe) private static let notYCbCr = permanentCString("no decoder to wrap")

    nonisolated(unsafe) private static let hevc: UnsafePointer<heif_decoder_plugin> = plugin(
        supports: { $0 == heif_compression_HEVC ? 1 : 0 },
        newDecoder: { YCbCrPassThroughDecoder.newDecoder($0, heif_compression_HEVC) })
    nonisolated(unsafe) private static let av1: UnsafePointer<heif_decoder_plugin> = plugin(
        supports: { $0 == heif_compression_AV1 ? 1 : 0 },
        newDecoder: { YCbCrPassThroughDecoder.newDecoder($0, heif_compression_AV1) })

    /// A plugin table (API version 3, for `id_name`) that forwards to the real plugin.
    /// Priority 1 loses to every real decoder unless named.
    private static func plugin(
        supports: @escaping @convention(c) (heif_compression_format) -> Int32,
        newDecoder: @escaping @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> heif_error
    ) -> UnsafePointer<heif_decoder_plugin> {
        var table = heif_decoder_plugin()
        table.plugin_api_version = 3
        table.get_plugin_name = { UnsafePointer(YCbCrPassThroughDecoder.name) }
        table.init_plugin = {}
        table.deinit_plugin = {}
        table.does_support_format = supports
        table.new_decoder = newDecoder
        table.free_decoder = { raw in
            guard let raw else { return }
            let wrapped = Unmanaged<Wrapped>.fromOpaque(raw).takeRetainedValue()
            wrapped.freeDecoder()
        }
        table.push_data = { raw, data, size in
            let wrapped = Unmanaged<Wrapped>.fromOpaque(raw!).takeUnretainedValue()
            return wrapped.plugin.pointee.push_data(wrapped.decoder, data, size)
        }
        table.decode_image = { raw, out in YCbCrPassThroughDecoder.decode(raw!, out!) }
        table.set_strict_decoding = { raw, flag in
            let wrapped = Unmanaged<Wrapped>.fromOpaque(raw!).takeUnretainedValue()
            if wrapped.plugin.pointee.plugin_api_version >= 2 {
                wrapped.plugin.pointee.set_strict_decoding?(wrapped.decoder, flag)
            }
        }
        table.id_name = UnsafePointer(idName)
        let stored = UnsafeMutablePointer<heif_decoder_plugin>.allocate(capacity: 1)
        stored.initialize(to: table)
        return UnsafePointer(stored)
    }

    /// Opens the best real decoder for `format` (libheif's global list, which never holds
    /// these wrappers).
    private static func newDecoder(
        _ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ format: heif_compression_format
    ) -> heif_error {
        var descriptor: OpaquePointer?
        // libheif 1.15's descriptor is the plugin table itself (`heif_get_decoder_descriptors`).
        guard heif_get_decoder_descriptors(format, &descriptor, 1) == 1, let descriptor, let out else {
            return heif_error(code: heif_error_Unsupported_feature, subcode: heif_suberror_Unsupported_codec, message: notYCbCr)
        }
        let real = UnsafePointer<heif_decoder_plugin>(descriptor)
        var decoder: UnsafeMutableRawPointer?
        let error = real.pointee.new_decoder(&decoder)
        guard error.code == heif_error_Ok else { return error }
        out.pointee = Unmanaged.passRetained(Wrapped(plugin: real, decoder: decoder)).toOpaque()
        return error
    }

    /// Decodes with the real plugin, frees its decoder at once (its reference frames and
    /// buffers need not outlive the picture) and relabels a suitable picture.
    private static func decode(_ raw: UnsafeMutableRawPointer, _ out: UnsafeMutablePointer<OpaquePointer?>) -> heif_error {
        let wrapped = Unmanaged<Wrapped>.fromOpaque(raw).takeUnretainedValue()
        var decoded: OpaquePointer?
        let error = wrapped.plugin.pointee.decode_image(wrapped.decoder, &decoded)
        wrapped.freeDecoder()
        guard error.code == heif_error_Ok, let decoded else {
            out.pointee = decoded
            return error
        }
        if let relabelled = relabelled(decoded) {
            heif_image_release(decoded)
            out.pointee = relabelled
        } else {
            out.pointee = decoded
        }
        return error
    }

    /// A copy of `image`'s Y, Cb and Cr planes and nclx profile in an image labelled
    /// monochrome, or nil to leave `image` to libheif's conversion.
    private static func relabelled(_ image: OpaquePointer) -> OpaquePointer? {
        let width = Int(heif_image_get_width(image, heif_channel_Y))
        let height = Int(heif_image_get_height(image, heif_channel_Y))
        let chroma = heif_image_get_chroma_format(image)
        let (oddWidth, oddHeight) = (width % 2 != 0, height % 2 != 0)
        let evenWhereSubsampled: Bool
        switch chroma {
        case heif_chroma_420: evenWhereSubsampled = !oddWidth && !oddHeight
        case heif_chroma_422: evenWhereSubsampled = !oddWidth
        case heif_chroma_444: evenWhereSubsampled = true
        default: return nil
        }
        guard heif_image_get_colorspace(image) == heif_colorspace_YCbCr, evenWhereSubsampled, width > 0, height > 0,
            heif_image_has_channel(image, heif_channel_Alpha) == 0,
            [heif_channel_Y, heif_channel_Cb, heif_channel_Cr].allSatisfy({ heif_image_get_bits_per_pixel(image, $0) == 8 })
        else { return nil }
        var copy: OpaquePointer?
        guard
            heif_image_create(Int32(width), Int32(height), heif_colorspace_monochrome, heif_chroma_monochrome, &copy).code
                == heif_error_Ok, let copy
        else { return nil }
        for channel in [heif_channel_Y, heif_channel_Cb, heif_channel_Cr] {
            let planeWidth = heif_image_get_width(image, channel)
            let planeHeight = heif_image_get_height(image, channel)
            var sourceStride: Int32 = 0
            var targetStride: Int32 = 0
            guard heif_image_add_plane(copy, channel, planeWidth, planeHeight, 8).code == heif_error_Ok,
                let source = heif_image_get_plane_readonly(image, channel, &sourceStride),
                let target = heif_image_get_plane(copy, channel, &targetStride)
            else {
                heif_image_release(copy)
                return nil
            }
            for row in 0..<Int(planeHeight) {
                (target + row * Int(targetStride)).update(from: source + row * Int(sourceStride), count: Int(planeWidth))
            }
        }
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        if heif_image_get_nclx_color_profile(image, &nclx).code == heif_error_Ok, let nclx {
            _ = heif_image_set_nclx_color_profile(copy, nclx)
            heif_nclx_color_profile_free(nclx)
        }
        return copy
    }
}
