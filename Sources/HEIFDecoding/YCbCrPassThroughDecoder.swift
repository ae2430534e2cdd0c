import CHeif

/// A libheif decoder plugin (for HEVC wrapped around libheif's own libde265 plugin; for AV1
/// dav1d opened by `Dav1dStillDecoder`) so that the decoded picture reaches the caller as
/// the codec's YCbCr planes, with the container's `irot` and `imir` applied, instead of as
/// full-size RGB.
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
/// YCbCr with even subsampled sides, or that has alpha, is handed to libheif as what it is
/// (the HEVC plugin's own image untouched), so libheif converts it as usual.
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

    /// The state of one decode: the real plugin and its decoder until it is freed (HEVC),
    /// or the bytes libheif pushed, for `Dav1dStillDecoder` (AV1).
    private final class Decode {
        enum Backend {
            case wrapped(UnsafePointer<heif_decoder_plugin>, decoder: UnsafeMutableRawPointer?)
            case dav1d(data: [UInt8])
        }

        var backend: Backend

        init(_ backend: Backend) { self.backend = backend }

        func freeDecoder() {
            if case .wrapped(let plugin, let decoder?) = backend {
                plugin.pointee.free_decoder?(decoder)
                backend = .wrapped(plugin, decoder: nil)
            }
        }
    }

    /// One plane of a decoded picture to copy (`base` points at its first row).
    struct Plane {
        let channel: heif_channel
        let base: UnsafeRawPointer
        let stride: Int
        let width: Int
        let height: Int
    }

    static var success: heif_error { heif_error(code: heif_error_Ok, subcode: heif_suberror_Unspecified, message: successMessage) }
    static var failure: heif_error {
        heif_error(code: heif_error_Decoder_plugin_error, subcode: heif_suberror_Unspecified, message: failureMessage)
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
    nonisolated(unsafe) private static let noDecoder = permanentCString("no decoder to wrap")
    nonisolated(unsafe) private static let successMessage = permanentCString("Success")
    nonisolated(unsafe) private static let failureMessage = permanentCString("dav1d could not decode the picture")

    nonisolated(unsafe) private static let hevc: UnsafePointer<heif_decoder_plugin> = plugin(
        supports: { $0 == heif_compression_HEVC ? 1 : 0 },
        newDecoder: { YCbCrPassThroughDecoder.newWrappedDecoder($0, heif_compression_HEVC) })
    nonisolated(unsafe) private static let av1: UnsafePointer<heif_decoder_plugin> = plugin(
        supports: { $0 == heif_compression_AV1 ? 1 : 0 },
        newDecoder: { out in
            out?.pointee = Unmanaged.passRetained(Decode(.dav1d(data: []))).toOpaque()
            return YCbCrPassThroughDecoder.success
        })

    /// A plugin table (API version 3, for `id_name`) that forwards to the real plugin
    /// (HEVC) or collects the data for `Dav1dStillDecoder` (AV1). Priority 1 loses to every
    /// real decoder unless named.
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
            Unmanaged<Decode>.fromOpaque(raw).takeRetainedValue().freeDecoder()
        }
        table.push_data = { raw, data, size in
            let decode = Unmanaged<Decode>.fromOpaque(raw!).takeUnretainedValue()
            switch decode.backend {
            case .wrapped(let plugin, let decoder): return plugin.pointee.push_data(decoder, data, size)
            case .dav1d(var bytes):
                decode.backend = .dav1d(data: [])  // `bytes` the only reference: appended in place
                bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: size))
                decode.backend = .dav1d(data: bytes)
                return YCbCrPassThroughDecoder.success
            }
        }
        table.decode_image = { raw, out in YCbCrPassThroughDecoder.decode(raw!, out!) }
        table.set_strict_decoding = { raw, flag in
            let decode = Unmanaged<Decode>.fromOpaque(raw!).takeUnretainedValue()
            if case .wrapped(let plugin, let decoder) = decode.backend, plugin.pointee.plugin_api_version >= 2 {
                plugin.pointee.set_strict_decoding?(decoder, flag)
            }
        }
        table.id_name = UnsafePointer(idName)
        let stored = UnsafeMutablePointer<heif_decoder_plugin>.allocate(capacity: 1)
        stored.initialize(to: table)
        return UnsafePointer(stored)
    }

    /// Opens the best real decoder for `format` (libheif's global list, which never holds
    /// these wrappers).
    private static func newWrappedDecoder(
        _ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ format: heif_compression_format
    ) -> heif_error {
        var descriptor: OpaquePointer?
        // libheif 1.15's descriptor is the plugin table itself (`heif_get_decoder_descriptors`).
        guard heif_get_decoder_descriptors(format, &descriptor, 1) == 1, let descriptor, let out else {
            return heif_error(code: heif_error_Unsupported_feature, subcode: heif_suberror_Unsupported_codec, message: noDecoder)
        }
        let real = UnsafePointer<heif_decoder_plugin>(descriptor)
        var decoder: UnsafeMutableRawPointer?
        let error = real.pointee.new_decoder(&decoder)
        guard error.code == heif_error_Ok else { return error }
        out.pointee = Unmanaged.passRetained(Decode(.wrapped(real, decoder: decoder))).toOpaque()
        return error
    }

    /// AV1: decodes with `Dav1dStillDecoder`. HEVC: decodes with the real plugin, frees
    /// its decoder at once (its reference pictures and buffers need not outlive the
    /// picture) and relabels a suitable picture.
    private static func decode(_ raw: UnsafeMutableRawPointer, _ out: UnsafeMutablePointer<OpaquePointer?>) -> heif_error {
        let decode = Unmanaged<Decode>.fromOpaque(raw).takeUnretainedValue()
        switch decode.backend {
        case .dav1d(var data):
            decode.backend = .dav1d(data: [])
            return Dav1dStillDecoder.decode(&data, into: out)
        case .wrapped(let plugin, let decoder):
            var decoded: OpaquePointer?
            let error = plugin.pointee.decode_image(decoder, &decoded)
            decode.freeDecoder()
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
    }

    /// Whether a picture is one the caller converts itself, so it is labelled monochrome.
    private static func passesThrough(width: Int, height: Int, chroma: heif_chroma, bitDepth: Int) -> Bool {
        guard bitDepth == 8, width > 0, height > 0 else { return false }
        switch chroma {
        case heif_chroma_420: return width % 2 == 0 && height % 2 == 0
        case heif_chroma_422: return width % 2 == 0
        case heif_chroma_444: return true
        default: return false
        }
    }

    /// A copy of `image`'s Y, Cb and Cr planes and nclx profile labelled monochrome, or nil
    /// to leave `image` to libheif's conversion.
    private static func relabelled(_ image: OpaquePointer) -> OpaquePointer? {
        let width = Int(heif_image_get_width(image, heif_channel_Y))
        let height = Int(heif_image_get_height(image, heif_channel_Y))
        let chroma = heif_image_get_chroma_format(image)
        let channels = [heif_channel_Y, heif_channel_Cb, heif_channel_Cr]
        guard heif_image_get_colorspace(image) == heif_colorspace_YCbCr, heif_image_has_channel(image, heif_channel_Alpha) == 0,
            channels.allSatisfy({ heif_image_get_bits_per_pixel(image, $0) == 8 }),
            passesThrough(width: width, height: height, chroma: chroma, bitDepth: 8)
        else { return nil }
        var planes: [Plane] = []
        for channel in channels {
            var stride: Int32 = 0
            guard let base = heif_image_get_plane_readonly(image, channel, &stride) else { return nil }
            planes.append(
                Plane(
                    channel: channel, base: UnsafeRawPointer(base), stride: Int(stride),
                    width: Int(heif_image_get_width(image, channel)), height: Int(heif_image_get_height(image, channel))))
        }
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        _ = heif_image_get_nclx_color_profile(image, &nclx)
        defer { if let nclx { heif_nclx_color_profile_free(nclx) } }
        return Self.image(width: width, height: height, chroma: chroma, bitDepth: 8, planes: planes, nclx: nclx)
    }

    /// A new `heif_image` holding copies of `planes` and `nclx`: labelled monochrome when
    /// the picture passes through, else as what it is (YCbCr in `chroma`, or monochrome),
    /// for libheif to convert. Nil when libheif cannot allocate it.
    static func image(
        width: Int, height: Int, chroma: heif_chroma, bitDepth: Int, planes: [Plane],
        nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
    ) -> OpaquePointer? {
        let label =
            passesThrough(width: width, height: height, chroma: chroma, bitDepth: bitDepth) || chroma == heif_chroma_monochrome
            ? (heif_colorspace_monochrome, heif_chroma_monochrome) : (heif_colorspace_YCbCr, chroma)
        var copy: OpaquePointer?
        guard heif_image_create(Int32(width), Int32(height), label.0, label.1, &copy).code == heif_error_Ok, let copy else {
            return nil
        }
        let bytesPerSample = (bitDepth + 7) / 8
        for plane in planes {
            var targetStride: Int32 = 0
            guard
                heif_image_add_plane(copy, plane.channel, Int32(plane.width), Int32(plane.height), Int32(bitDepth)).code
                    == heif_error_Ok,
                let target = heif_image_get_plane(copy, plane.channel, &targetStride)
            else {
                heif_image_release(copy)
                return nil
            }
            for row in 0..<plane.height {
                UnsafeMutableRawPointer(target + row * Int(targetStride)).copyMemory(
                    from: plane.base + row * plane.stride, byteCount: plane.width * bytesPerSample)
            }
        }
        if let nclx { _ = heif_image_set_nclx_color_profile(copy, nclx) }
        return copy
    }
}
