import CHeif

/// Decoding the primary image to the planes a resampler reads directly.
extension PrimaryImage {
    /// Decodes an opaque 8-bit image once and lends `body` the decoder's YCbCr planes (see
    /// `YCbCrPassThroughDecoder`) or, where the pass-through does not apply, libheif's
    /// planar RGB. Returns nil without calling `body` when the picture is neither (a
    /// monochrome one, a matrix `HEIFYCbCrMatrix` does not copy), so the caller can take
    /// another way.
    ///
    /// The pass-through is not asked for when a `clap` crop applies (the displayed size is
    /// not the `ispe` size, turned or not): libheif crops every plane in proportion, which
    /// for subsampled chroma at an odd offset is not the crop of its RGB.
    func withDecodedPlanes<T>(_ body: (HEIFDecodedPlanes) -> T) throws(HEIFError) -> T? {
        let ispe = (Int(heif_image_handle_get_ispe_width(handle)), Int(heif_image_handle_get_ispe_height(handle)))
        let size = (Int(heif_image_handle_get_width(handle)), Int(heif_image_handle_get_height(handle)))
        let uncropped = size == ispe || (size.1, size.0) == ispe
        if uncropped { try YCbCrPassThroughDecoder.register(in: context) }
        let decoderID = uncropped ? YCbCrPassThroughDecoder.id : nil
        // Undefined colourspace and chroma: libheif keeps whatever its decode produced.
        return try decoding(heif_chroma_undefined, colorspace: heif_colorspace_undefined, decoderID: decoderID) {
            decoded throws(HEIFError) -> T? in
            if heif_image_get_colorspace(decoded) == heif_colorspace_RGB {
                return Self.planarRGB(of: decoded).map { body(.rgb($0)) }
            }
            return Self.planarYCbCr(of: decoded).map { body(.yCbCr($0)) }
        }
    }

    /// The relabelled picture's planes with the matrix libheif would have converted with:
    /// the image's nclx profile (the container's `colr`, which libheif puts on the image,
    /// else the coded stream's), or with none, libheif's default (2, full range).
    private static func planarYCbCr(of decoded: OpaquePointer) -> HEIFPlanarYCbCr? {
        guard heif_image_get_colorspace(decoded) == heif_colorspace_monochrome,
            heif_image_has_channel(decoded, heif_channel_Alpha) == 0,
            let luma = eightBitPlane(heif_channel_Y, of: decoded), let cb = eightBitPlane(heif_channel_Cb, of: decoded),
            let cr = eightBitPlane(heif_channel_Cr, of: decoded), cb.width == cr.width, cb.height == cr.height
        else { return nil }
        /// 0 when chroma has the luma's size on a side, 1 when it has half of it (rounded up).
        func shift(_ chroma: Int, _ full: Int) -> Int? {
            chroma == full ? 0 : chroma == (full + 1) / 2 ? 1 : nil
        }
        guard let horizontal = shift(cb.width, luma.width), let vertical = shift(cb.height, luma.height) else { return nil }
        var matrixCoefficients = 2
        var fullRange = true
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        if heif_image_get_nclx_color_profile(decoded, &nclx).code == heif_error_Ok, let nclx {
            matrixCoefficients = Int(nclx.pointee.matrix_coefficients.rawValue)
            fullRange = nclx.pointee.full_range_flag != 0
            heif_nclx_color_profile_free(nclx)
        }
        guard let matrix = HEIFYCbCrMatrix(matrixCoefficients: matrixCoefficients) else { return nil }
        return HEIFPlanarYCbCr(
            luma: luma, blueDifference: cb, redDifference: cr, horizontalShift: horizontal, verticalShift: vertical,
            matrix: matrix, fullRange: fullRange)
    }
}
