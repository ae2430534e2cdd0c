/// The decoder's own picture as three 8-bit planes (Y, Cb, Cr), lent to a closure by
/// `HEIFDecoder.withDecodedPlanes`: upright (libheif rotated and mirrored each plane),
/// opaque, with what it takes to turn them into the RGB libheif would have made.
///
/// Why: libheif 1.15 would otherwise convert the picture to a full-size planar RGB copy
/// (36 MB at 12 MP) before anything could be resampled; converting a row at a time while
/// resampling needs a few rows instead (see `YCbCrPassThroughDecoder`). The pointers are
/// valid only inside the closure.
package struct HEIFPlanarYCbCr {
    /// One plane: rows `stride` bytes apart, `width × height` samples.
    package struct Plane {
        package let base: UnsafePointer<UInt8>
        package let stride: Int
        package let width: Int
        package let height: Int
    }

    package let luma: Plane
    package let blueDifference: Plane
    package let redDifference: Plane
    /// 1 when chroma has half the luma width (4:2:0, 4:2:2), else 0; libheif's `shiftH`.
    package let horizontalShift: Int
    /// 1 when chroma has half the luma height (4:2:0, or 4:2:2 turned a quarter), else 0.
    package let verticalShift: Int
    package let matrix: HEIFYCbCrMatrix
    /// nclx `full_range_flag`: 0…255 rather than 16…235 (chroma 16…240).
    package let fullRange: Bool

    package var width: Int { luma.width }
    package var height: Int { luma.height }
}
