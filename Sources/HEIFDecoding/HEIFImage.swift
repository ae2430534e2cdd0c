/// A decoded HEIF/AVIF primary image: upright 8-bit RGB plus the metadata a JPEG re-encode carries over.
///
/// The pixels already reflect the container's transformations (`irot`, `imir`, `clap`),
/// so the EXIF Orientation inside `exif` must *not* be applied again (see `HEIFDecoder`).
package struct HEIFImage: Sendable, Equatable {
    /// Width in pixels, after transformations.
    package let width: Int
    /// Height in pixels, after transformations.
    package let height: Int
    /// `width × height × 3` bytes: rows top to bottom, R, G, B, no row padding. 10/12-bit
    /// sources are reduced to 8 bits; transparent pixels are composited onto white.
    package let pixels: [UInt8]
    /// The Exif payload starting at its TIFF header (`MM\0*` or `II*\0`), i.e. what a JPEG
    /// APP1 segment carries after `Exif\0\0`; nil when the file has no (readable) Exif.
    package let exif: [UInt8]?
    /// The embedded ICC profile (`prof`/`rICC`), nil when the file has none (an `nclx`
    /// colour description is not an ICC profile and is not returned).
    package let iccProfile: [UInt8]?
    /// Bits per luma sample as coded, before reduction to 8 (nil if not declared).
    package let sourceBitDepth: Int?
    /// Whether the source had an alpha channel (now flattened onto white).
    package let hadAlpha: Bool

    package init(
        width: Int, height: Int, pixels: [UInt8], exif: [UInt8]?, iccProfile: [UInt8]?,
        sourceBitDepth: Int?, hadAlpha: Bool
    ) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.exif = exif
        self.iccProfile = iccProfile
        self.sourceBitDepth = sourceBitDepth
        self.hadAlpha = hadAlpha
    }

    /// The R, G, B values at (`x`, `y`).
    package func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let offset = (y * width + x) * 3
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }
}
