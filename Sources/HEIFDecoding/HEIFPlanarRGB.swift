/// libheif's own decoded picture as three 8-bit planes (R, G, B), lent to a closure by
/// `HEIFDecoder.withDecodedPlanarRGB`: upright, opaque, each plane's rows `stride` bytes
/// apart.
///
/// Why planes: libheif 1.15 always converts a decoded YCbCr picture to *planar* RGB first
/// (`decode_image_planar`), and only then, as a second full-size pass, to the interleaved
/// RGB that `HEIFPlane` lends. Asking for the planes skips that pass and the second
/// full-size image it allocates (36 MB at 12 MP, a quarter of the peak), so a caller that
/// resamples at once (the photo pipeline) reads what the colour conversion wrote.
/// The pointers are valid only inside the closure.
package struct HEIFPlanarRGB {
    package let red: UnsafePointer<UInt8>
    package let green: UnsafePointer<UInt8>
    package let blue: UnsafePointer<UInt8>
    package let redStride: Int
    package let greenStride: Int
    package let blueStride: Int
    package let width: Int
    package let height: Int
}
