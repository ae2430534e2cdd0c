/// What a WebP says about itself before any pixel is decoded: the canvas, whether it has
/// alpha or animation, and the metadata chunks the photo pipeline needs (EXIF for
/// orientation and GPS, ICC to keep).
package struct WebPHeader: Sendable, Equatable {
    /// The canvas size (the VP8X canvas, or the single image's size); `WebPDecoder`
    /// returns exactly this many pixels, whatever the first frame's own size.
    package let width: Int
    package let height: Int
    /// Whether the image (or any frame) may carry transparency.
    package let hasAlpha: Bool
    /// Whether this is an animation; only its first frame is decoded.
    package let isAnimated: Bool
    /// Whether the image is lossy (VP8, perhaps with an `ALPH` chunk): libwebp then decodes
    /// a few macroblock rows at a time, so a scaled decode never holds the full picture.
    /// False for lossless (VP8L holds its whole ARGB) and for animations (libwebp calls
    /// their format mixed).
    package let isLossy: Bool
    /// Frames found so far (1 for a still image; fewer than written if cut short).
    package let frameCount: Int
    /// The `EXIF` chunk as a TIFF structure ("II*\0" / "MM\0*"); a leading `Exif\0\0`
    /// that some writers (Pillow among them) add is removed.
    package let exif: [UInt8]?
    /// The `ICCP` chunk's profile.
    package let iccProfile: [UInt8]?
    /// Whether the chunks run to the end the RIFF header promises. A file cut short is
    /// still returned with its header, so callers can apply pixel limits before refusing it.
    package let isComplete: Bool

    /// Width × height; VP8X sides are at most 2²⁴, so this cannot overflow `Int`.
    package var pixelCount: Int { width * height }
}
