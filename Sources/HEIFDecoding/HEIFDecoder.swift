/// Reads HEIF/HEIC and AVIF photos through libheif: the header in milliseconds, or the
/// primary image as upright 8-bit RGB with its Exif and ICC profile.
///
/// **Orientation.** The container's transformations (`irot` rotation, `imir` mirroring,
/// `clap` crop) are authoritative and libheif applies them while decoding, so `decode`
/// returns upright pixels and `inspect` reports the upright size. An EXIF Orientation tag
/// inside `HEIFImage.exif` describes the *stored* picture and must NOT be applied a second
/// time: a re-encoded JPEG should carry Orientation 1 (or none).
///
/// **Which image.** Only the primary image is decoded: for an iPhone photo that is the SDR
/// base image, not its HDR gain map, depth map or thumbnails; for a motion photo or an image
/// sequence it is the still. 10- and 12-bit images come out as 8-bit RGB.
///
/// **Threads.** Both calls are synchronous and CPU-bound (a 12-megapixel HEIC takes a
/// noticeable fraction of a second); run them on the server's worker threads, never on the
/// cooperative pool or Dispatch's global queues. Each call has its own libheif context and
/// frees it before returning, so concurrent calls on different threads are safe.
///
/// **Limits.** libheif 1.15 refuses, while parsing the header, any image side above 32768
/// pixels and files with too many items or too deeply nested boxes (`.exceedsSecurityLimit`);
/// `decode` also refuses more than `maxPixels` pixels before decoding any (`.tooManyPixels`).
/// A per-side limit (`heif_context_set_maximum_image_size_limit`) is not set: the pixel
/// count, checked on the header, is the tighter and clearer bound. For a grid or overlay
/// image that holds only because `open` first checks that its own output size (which
/// libheif allocates its canvas from) equals the `ispe` size the pixel count is taken from
/// (`HEIFCanvasDescriptor`); and for any image only because `open` also checks, before
/// anything is decoded, that every coded picture (AV1 sequence header, HEVC SPS, grid
/// tiles, the alpha image) fits the `ispe` sizes (`HEIFCodedSizeCheck`): the decoders
/// allocate what their own headers say, and libheif 1.15 has no memory limit of its own
/// (`heif_security_limits` came in 1.19) and no way to cancel a decode. Before libheif
/// parses anything, `open` also counts the file's items, tiles, references and properties
/// against `HEIFItemTable.Limits` (`.tooComplex`): libheif's parse takes time quadratic in
/// the item count, and nothing else would bound it.
package enum HEIFDecoder {
    /// The header facts of the primary image, without decoding pixels.
    ///
    /// Parses boxes only (no copy of `bytes`, no codec call), so a file claiming a
    /// 60000 × 60000 image is refused in milliseconds with memory bounded by the input.
    /// Throws `.notHEIF`, `.truncated`, `.corrupt` or `.exceedsSecurityLimit` for bad input.
    package static func inspect(_ bytes: [UInt8]) throws(HEIFError) -> HEIFInfo {
        try PrimaryImage.open(bytes) { image throws(HEIFError) in image.info() }
    }

    /// `inspect` plus the Exif and ICC blocks, still without decoding pixels (the metadata
    /// items are small and read directly).
    package static func header(_ bytes: [UInt8]) throws(HEIFError) -> HEIFHeader {
        try PrimaryImage.open(bytes) { image throws(HEIFError) in
            HEIFHeader(info: image.info(), exif: try image.exif(), iccProfile: try image.iccProfile())
        }
    }

    /// Decodes the primary image to packed 8-bit RGB (alpha flattened onto white) with its
    /// Exif (from the TIFF header on) and ICC profile.
    ///
    /// Refuses more than `maxPixels` pixels (after transformations) from the header, before
    /// any decoding. Peak memory is roughly `HEIFInfo.estimatedDecodeBytes`. A file whose
    /// codec this libheif build cannot decode throws `.noDecoder` (e.g. AV1 without dav1d/aom).
    package static func decode(_ bytes: [UInt8], maxPixels: Int) throws(HEIFError) -> HEIFImage {
        try PrimaryImage.open(bytes) { image throws(HEIFError) in
            let info = try image.checkDecodable(maxPixels: maxPixels)
            let exif = try image.exif()
            let iccProfile = try image.iccProfile()
            let decoded = try image.decodeRGB()
            return HEIFImage(
                width: decoded.width, height: decoded.height, pixels: decoded.pixels, exif: exif,
                iccProfile: iccProfile, sourceBitDepth: info.bitDepth, hadAlpha: info.hasAlpha)
        }
    }

    /// Decodes the primary image like `decode` and lends `body` libheif's own RGB(A) plane
    /// instead of a packed copy (see `HEIFPlane`: for callers that resample it at once).
    /// Alpha is *not* flattened here; `plane.hasAlpha` says whether it is RGBA.
    package static func withDecodedPlane<T>(
        _ bytes: [UInt8], maxPixels: Int, _ body: (HEIFPlane) -> T
    ) throws(HEIFError) -> T {
        try PrimaryImage.open(bytes) { image throws(HEIFError) in
            try image.checkDecodable(maxPixels: maxPixels)
            return try image.withDecodedPlane(body)
        }
    }

    /// Decodes an opaque 8-bit primary image and lends `body` libheif's planar RGB (see
    /// `HEIFPlanarRGB`: the cheapest form libheif 1.15 produces, for callers that resample
    /// it at once). Returns nil without calling `body` for an image with alpha, more than
    /// 8 bits, or planes libheif did not produce as expected; `withDecodedPlane` serves those.
    package static func withDecodedPlanarRGB<T>(
        _ bytes: [UInt8], maxPixels: Int, _ body: (HEIFPlanarRGB) -> T
    ) throws(HEIFError) -> T? {
        try openOpaqueEightBit(bytes, maxPixels: maxPixels) { image throws(HEIFError) in try image.withDecodedPlanarRGB(body) }
    }

    /// Decodes an opaque 8-bit primary image once and lends `body` the planes it came out
    /// as (see `HEIFDecodedPlanes`): the decoder's YCbCr, with no full-size RGB made at
    /// all, or where that cannot be had libheif's planar RGB. Returns nil without calling
    /// `body` for an image with alpha, more than 8 bits, or planes of neither kind;
    /// `withDecodedPlanarRGB` and `withDecodedPlane` serve those.
    package static func withDecodedPlanes<T>(
        _ bytes: [UInt8], maxPixels: Int, _ body: (HEIFDecodedPlanes) -> T
    ) throws(HEIFError) -> T? {
        try openOpaqueEightBit(bytes, maxPixels: maxPixels) { image throws(HEIFError) in try image.withDecodedPlanes(body) }
    }

    /// Opens the primary image and calls `body` only for an opaque 8-bit one (after the
    /// pixel limit and codec checks); nil otherwise: the planar ways serve nothing else.
    private static func openOpaqueEightBit<T>(
        _ bytes: [UInt8], maxPixels: Int, _ body: (PrimaryImage) throws(HEIFError) -> T?
    ) throws(HEIFError) -> T? {
        try PrimaryImage.open(bytes) { image throws(HEIFError) -> T? in
            let info = try image.checkDecodable(maxPixels: maxPixels)
            guard !info.hasAlpha, (info.bitDepth ?? 8) == 8 else { return nil }
            return try body(image)
        }
    }

    /// Whether this libheif build has a decoder for `codec` (`heif_have_decoder_for_format`).
    /// Debian 12's libheif1 1.15.1 links libde265 (HEVC) and dav1d and libaom (AV1).
    package static func canDecode(_ codec: HEIFCodec) -> Bool { Libheif.hasDecoder(for: codec) }

    /// The libheif version in use, e.g. "1.15.1", for logs and the health page.
    package static var libheifVersion: String { Libheif.version }
}
