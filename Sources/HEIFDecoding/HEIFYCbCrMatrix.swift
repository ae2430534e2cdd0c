/// How libheif 1.15.1 turns 8-bit YCbCr into RGB for an nclx `matrix_coefficients` value,
/// so that a caller converting the planes itself (the photo pipeline, row by row) gets the
/// bytes libheif's own conversion (`Op_YCbCr_to_RGB<uint8_t>`) would have produced.
///
/// libheif's arithmetic, copied here because matching it keeps the pipeline's output (and
/// its SSIM) what it was: for identity (matrix 0), G = Y, B = Cb, R = Cr, and in limited
/// range each is `((v × 219 + 128) >> 8) + 16`; otherwise, in `Float`, Y' = Y, Cb' = Cb − 128,
/// Cr' = Cr − 128 (limited range: Y' = (Y − 16) × 1.1689, Cb' × 1.1429, Cr' × 1.1429), then
/// R = Y' + rCr·Cr', G = Y' + gCb·Cb' + gCr·Cr', B = Y' + bCb·Cb', each rounded by adding 0.5
/// and truncating, and clamped to 0…255. Chroma is not interpolated: pixel (x, y) takes
/// the chroma sample (x >> 1, y >> 1) at 4:2:0.
package enum HEIFYCbCrMatrix: Sendable, Equatable {
    /// matrix_coefficients 0 (GBR): the planes are green, blue and red.
    case identity
    /// libheif's `YCbCr_to_RGB_coefficients` for the matrix.
    case coefficients(rCr: Float, gCb: Float, gCr: Float, bCb: Float)

    /// libheif's choice for `matrixCoefficients` (with no nclx profile at all it uses 2 and
    /// full range), or nil for a matrix this conversion does not copy: YCgCo (8), the
    /// chromaticity-derived ones (12, 13) whose coefficients come from the primaries, and
    /// values libheif does not know (it silently uses BT.601's there), which are left to it.
    package init?(matrixCoefficients: Int) {
        let kr: Float
        let kb: Float
        switch matrixCoefficients {
        case 0:
            self = .identity
            return
        case 2:
            // Unspecified: libheif's `defaults()`, BT.601 rounded to six places.
            self = .coefficients(rCr: 1.402, gCb: -0.344136, gCr: -0.714136, bCb: 1.772)
            return
        case 1: (kr, kb) = (0.2126, 0.0722)  // BT.709
        case 4: (kr, kb) = (0.30, 0.11)  // FCC
        case 5, 6: (kr, kb) = (0.299, 0.114)  // BT.601
        case 7: (kr, kb) = (0.212, 0.087)  // SMPTE 240M
        case 9, 10: (kr, kb) = (0.2627, 0.0593)  // BT.2020
        default: return nil
        }
        // The same Float operations in the same order as libheif's
        // `get_YCbCr_to_RGB_coefficients`, so the same roundings.
        let two: Float = 2
        self = .coefficients(
            rCr: two * (-kr + 1), gCb: two * kb * (-kb + 1) / (kb + kr - 1), gCr: two * kr * (-kr + 1) / (kb + kr - 1),
            bCb: two * (-kb + 1))
    }
}
