/// libheif's own decoded picture, lent to a closure by `HEIFDecoder.withDecodedPlane`:
/// upright 8-bit interleaved RGB, or RGBA when `hasAlpha`, rows `stride` bytes apart.
///
/// Lent rather than copied so a caller that only wants a smaller image (the photo
/// pipeline, fitting a 12 MP HEIC into 2000 px) can resample straight from it, and the
/// full-size picture is never held twice (libheif's and a packed copy: 36 MB each at
/// 12 MP). `base` is valid only inside the closure.
package struct HEIFPlane {
    package let base: UnsafePointer<UInt8>
    package let stride: Int
    package let width: Int
    package let height: Int
    /// Four bytes per pixel (R, G, B, A) instead of three.
    package let hasAlpha: Bool
    /// Whether RGB is premultiplied by alpha (only meaningful with `hasAlpha`).
    package let premultiplied: Bool
}
