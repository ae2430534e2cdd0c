import CDav1d
import CHeif
import Glibc

/// Decodes the one AV1 picture of an AVIF item with dav1d opened single-threaded and
/// without frame threading, for `YCbCrPassThroughDecoder`'s AV1 plugin.
///
/// Why not libheif's own dav1d plugin: it opens dav1d with its defaults, a thread per core
/// and frame threading, in which dav1d parses the whole frame before reconstructing it and
/// keeps every coefficient meanwhile. For a 12 MP still that took dav1d's resident set from
/// 24 MB (the 18 MB picture and its state) to 70 MB, measured on this machine with the
/// bench's 12mp.avif; it was most of the AVIF photo's peak. A still picture has no
/// following frame to overlap with, and photos are already decoded one per worker thread.
///
/// The result is what libheif's plugin makes (a `heif_image` with the picture's planes
/// and the sequence header's nclx), except that an 8-bit 4:2:0/4:2:2/4:4:4 picture with
/// even subsampled sides is labelled monochrome (see `YCbCrPassThroughDecoder`).
enum Dav1dStillDecoder {
    /// Decodes `data` (the item's configuration OBUs and coded data, as libheif pushes them),
    /// emptying it once dav1d has its own copy so the bytes are not held twice meanwhile.
    static func decode(_ data: inout [UInt8], into out: UnsafeMutablePointer<OpaquePointer?>) -> heif_error {
        // Empty data is refused by dav1d_send_data, which leaks a reference doing so (see
        // Fuzz/lsan-suppressions.txt); nothing to decode either way.
        guard !data.isEmpty else { return YCbCrPassThroughDecoder.failure }
        var settings = Dav1dSettings()
        dav1d_default_settings(&settings)
        settings.n_threads = 1
        settings.max_frame_delay = 1
        settings.all_layers = 0
        settings.frame_size_limit = 32768 * 32768  // libheif's own limit for its plugin
        var context: OpaquePointer?
        guard dav1d_open(&context, &settings) == 0, context != nil else { return YCbCrPassThroughDecoder.failure }
        defer { dav1d_close(&context) }

        var input = Dav1dData()
        guard let copy = dav1d_data_create(&input, data.count) else { return YCbCrPassThroughDecoder.failure }
        copy.update(from: data, count: data.count)
        data = []
        defer { if input.sz > 0 { dav1d_data_unref(&input) } }

        var picture = Dav1dPicture()
        var flushed = false
        while true {
            let sent = dav1d_send_data(context, &input)
            if sent < 0 && sent != -EAGAIN { return YCbCrPassThroughDecoder.failure }
            let got = dav1d_get_picture(context, &picture)
            if got == -EAGAIN && !flushed {
                if input.sz == 0 { flushed = true }
                continue
            }
            if got < 0 { return YCbCrPassThroughDecoder.failure }
            break
        }
        defer { dav1d_picture_unref(&picture) }

        let chroma: heif_chroma
        switch picture.p.layout {
        case DAV1D_PIXEL_LAYOUT_I420: chroma = heif_chroma_420
        case DAV1D_PIXEL_LAYOUT_I422: chroma = heif_chroma_422
        case DAV1D_PIXEL_LAYOUT_I444: chroma = heif_chroma_444
        case DAV1D_PIXEL_LAYOUT_I400: chroma = heif_chroma_monochrome
        default: return YCbCrPassThroughDecoder.failure
        }
        let width = Int(picture.p.w)
        let height = Int(picture.p.h)
        let chromaWidth = chroma == heif_chroma_444 ? width : (width + 1) / 2
        let chromaHeight = chroma == heif_chroma_420 ? (height + 1) / 2 : height
        var planes = [
            YCbCrPassThroughDecoder.Plane(
                channel: heif_channel_Y, base: UnsafeRawPointer(picture.data.0!), stride: picture.stride.0, width: width,
                height: height)
        ]
        if chroma != heif_chroma_monochrome {
            planes.append(
                .init(
                    channel: heif_channel_Cb, base: UnsafeRawPointer(picture.data.1!), stride: picture.stride.1,
                    width: chromaWidth, height: chromaHeight))
            planes.append(
                .init(
                    channel: heif_channel_Cr, base: UnsafeRawPointer(picture.data.2!), stride: picture.stride.1,
                    width: chromaWidth, height: chromaHeight))
        }
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>? = nil
        if let header = picture.seq_hdr?.pointee, let profile = heif_nclx_color_profile_alloc() {
            // As libheif's plugin: a value its setters refuse keeps the profile's default.
            _ = heif_nclx_color_profile_set_color_primaries(profile, UInt16(header.pri.rawValue))
            _ = heif_nclx_color_profile_set_transfer_characteristics(profile, UInt16(header.trc.rawValue))
            _ = heif_nclx_color_profile_set_matrix_coefficients(profile, UInt16(header.mtrx.rawValue))
            profile.pointee.full_range_flag = header.color_range != 0 ? 1 : 0
            nclx = profile
        }
        defer { if let nclx { heif_nclx_color_profile_free(nclx) } }
        guard
            let image = YCbCrPassThroughDecoder.image(
                width: width, height: height, chroma: chroma, bitDepth: Int(picture.p.bpc), planes: planes, nclx: nclx)
        else { return YCbCrPassThroughDecoder.failure }
        out.pointee = image
        return YCbCrPassThroughDecoder.success
    }
}
