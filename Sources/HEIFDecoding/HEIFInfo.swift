/// What a HEIF/AVIF file's header says about its primary image, read without decoding pixels.
///
/// Sizes are *after* the container's transformations (`irot` rotation, `clap` crop), i.e.
/// the size `HEIFDecoder.decode` will return, so limits can be checked on them directly.
package struct HEIFInfo: Sendable, Equatable {
    /// Displayed width in pixels (after `irot`/`clap`).
    package let width: Int
    /// Displayed height in pixels (after `irot`/`clap`).
    package let height: Int
    /// Whether the primary image has an alpha (transparency) auxiliary image.
    package let hasAlpha: Bool
    /// Bits per luma sample as coded (8 for SDR photos, 10 or 12 for HDR); nil if not declared.
    package let bitDepth: Int?
    /// The `ftyp` major brand as a four-character code: `heic`, `heix`, `avif`, `mif1`, …
    package let brand: String
    /// The codec implied by the brands (see `HEIFCodec`), nil when only generic brands are present.
    package let codec: HEIFCodec?
    /// Whether the primary image carries an Exif metadata item.
    package let hasExif: Bool
    /// Whether the primary image carries an ICC colour profile (`colr` of type `prof`/`rICC`).
    package let hasICCProfile: Bool

    /// `width × height`.
    package var pixelCount: Int { width * height }

    /// A rough upper bound on the peak memory `HEIFDecoder.decode` needs, in bytes:
    /// the codec's YCbCr planes (up to 3 bytes per pixel for 4:4:4, doubled above 8 bits),
    /// libheif's interleaved RGB(A) (3 or 4) and the packed copy returned (3). Derived
    /// from the buffers involved, not measured; codec-internal state comes on top.
    package var estimatedDecodeBytes: Int {
        let planes = (bitDepth ?? 8) > 8 ? 6 : 3
        return pixelCount * (planes + (hasAlpha ? 4 : 3) + 3)
    }

    package init(
        width: Int, height: Int, hasAlpha: Bool, bitDepth: Int?, brand: String, codec: HEIFCodec?,
        hasExif: Bool, hasICCProfile: Bool
    ) {
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.bitDepth = bitDepth
        self.brand = brand
        self.codec = codec
        self.hasExif = hasExif
        self.hasICCProfile = hasICCProfile
    }
}
