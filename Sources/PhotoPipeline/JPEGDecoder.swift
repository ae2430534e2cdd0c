import CTurboJPEG

/// Decodes a whole JPEG to RGB at full size (grayscale expanded, CMYK/YCCK converted).
/// For uploads use `PhotoProcessor`, which adds the pixel limit and DCT-scaled decoding.
public enum JPEGDecoder {
    /// Decodes `jpeg`, refusing non-JPEGs, truncated or corrupt data and unsupported
    /// variants, and anything above `maxPixels`.
    public static func decode(_ jpeg: [UInt8], maxPixels: Int = 100_000_000) throws(PhotoProcessingError) -> RGBImage {
        let header = try JPEGInspector.inspect(jpeg)
        try header.checkDecodable(maxPixels: maxPixels)
        return try decode(jpeg, header: header, width: header.width, height: header.height)
    }

    /// Decodes at a DCT-scaled size (`width × height` must come from
    /// `JPEGRowDecoder.scale`), converting CMYK to RGB when needed.
    static func decode(_ jpeg: [UInt8], header: JPEGHeader, width: Int, height: Int) throws(PhotoProcessingError) -> RGBImage {
        let decompressor = try TurboJPEGDecompressor()
        switch header.colorModel {
        case .cmyk, .ycck:
            var pixels = try decompressor.decode(jpeg, width: width, height: height, pixelFormat: TJPF_CMYK)
            CMYKConverter.convertInPlace(&pixels, inverted: header.hasAdobeMarker)
            return RGBImage(uncheckedWidth: width, height: height, pixels: pixels)
        case .grayscale, .ycbcr, .rgb:
            let pixels = try decompressor.decode(jpeg, width: width, height: height, pixelFormat: TJPF_RGB)
            return RGBImage(uncheckedWidth: width, height: height, pixels: pixels)
        }
    }
}
