import WebPDecoding

/// WebP through the shared pipeline, still or animated (its first frame): `WebPDecoding`
/// reads the chunks and decodes with libwebp; this translates its header into the
/// pipeline's limits and its errors into `PhotoProcessingError` (keeping libwebp's call
/// and status in the detail for logs). WebP has no rotation of its own, so the EXIF
/// Orientation applies as in a JPEG.
struct WebPPixelSource: PixelSource {
    /// "WebP", as `ImageFormatSniffer` names RIFF/WEBP.
    let formatName: String
    var decodesUpright: Bool { false }

    func inspect(_ bytes: [UInt8]) throws(PhotoProcessingError) -> PixelSourceHeader<WebPHeader> {
        try bytes.withUnsafeBufferPointer { (buffer) throws(PhotoProcessingError) in try inspect(buffer) }
    }

    /// `inspect` over bytes the caller holds for the call (a mapped file).
    func inspect(_ bytes: UnsafeBufferPointer<UInt8>) throws(PhotoProcessingError) -> PixelSourceHeader<WebPHeader> {
        let header: WebPHeader
        do {
            header = try WebPInspector.inspect(bytes)
        } catch {
            throw translate(error)
        }
        return PixelSourceHeader(
            width: header.width, height: header.height, isComplete: header.isComplete,
            decoderBytes: Self.decoderBytes(for: header, inputBytes: bytes.count), exif: header.exif,
            iccProfile: header.iccProfile, native: header)
    }

    func decode(_ bytes: [UInt8], header: PixelSourceHeader<WebPHeader>) throws(PhotoProcessingError) -> RGBImage {
        do {
            let pixels = try WebPDecoder.decodeRGB(bytes, header: header.native)
            return RGBImage(uncheckedWidth: header.width, height: header.height, pixels: pixels)
        } catch {
            throw translate(error)
        }
    }

    /// libwebp scales while it decodes, straight to the box-fitted size (as vipsthumbnail
    /// does), so a 12 MP WebP never has its 48 MB RGBA frame nor a 36 MB RGB canvas: only
    /// the fitted picture. The scaled decode keeps the stored orientation, so the EXIF
    /// Orientation still applies afterwards. An animation whose first frame does not cover
    /// the canvas is decoded at full size and resampled with Lanczos instead.
    func decodeFitted(
        _ bytes: [UInt8], header: PixelSourceHeader<WebPHeader>, width: Int, height: Int
    ) throws(PhotoProcessingError) -> RGBImage {
        do {
            if let pixels = try WebPDecoder.decodeRGB(bytes, header: header.native, scaledToWidth: width, height: height) {
                return RGBImage(uncheckedWidth: width, height: height, pixels: pixels)
            }
        } catch {
            throw translate(error)
        }
        var image = try decode(bytes, header: header)
        LanczosResampler.resizeInPlace(&image, width: width, height: height)
        return image
    }

    /// `decodeFitted` over a mapped file, `release` letting its pages go behind a lossless
    /// decode (`WebPDecoder.decodeRGB(_:header:scaledToWidth:height:releasing:)`). The
    /// full-size fallback for an offset first frame copies the mapping into an array first,
    /// as `process` would have held it.
    func decodeFitted(
        _ bytes: UnsafeBufferPointer<UInt8>, header: PixelSourceHeader<WebPHeader>, width: Int, height: Int,
        releasing release: (UnsafeRawPointer) -> Void
    ) throws(PhotoProcessingError) -> RGBImage {
        do {
            let pixels = try withoutActuallyEscaping(release) { (release) throws(WebPError) -> [UInt8]? in
                try WebPDecoder.decodeRGB(bytes, header: header.native, scaledToWidth: width, height: height, releasing: release)
            }
            if let pixels { return RGBImage(uncheckedWidth: width, height: height, pixels: pixels) }
        } catch {
            throw translate(error)
        }
        return try decodeFitted(Array(bytes), header: header, width: width, height: height)
    }

    /// What decoding holds besides the RGB output, counted generously at the canvas size
    /// (a first frame is never larger) as for the full-size decode an offset first frame
    /// still takes, which bounds the scaled one from above: a second input-sized buffer (the
    /// array a mapped file is copied into for that full-size fallback; the demuxer no longer
    /// copies, but the count stays as an upper bound), the RGBA frame `WebPDecode` writes
    /// into, VP8L's own whole-image ARGB buffer for lossless data (one `UInt32` a pixel,
    /// plus its cache rows), and our copies of the EXIF and ICC chunks.
    static func decoderBytes(for header: WebPHeader, inputBytes: Int) -> Int {
        let rgba = header.pixelCount * 4
        let losslessARGB = header.pixelCount * 4 + header.width * 4 * 16
        let chunks = (header.exif?.count ?? 0) + (header.iccProfile?.count ?? 0)
        return inputBytes + rgba + losslessARGB + chunks + (256 << 10)
    }

    /// A lossy still image is decoded scaled to the fitted size (`decodeFitted`), holding
    /// what `scaledDecoderBytes` counts; anything else (lossless, whose VP8L decoder holds
    /// the whole ARGB anyway, or an animation, whose first frame may need the full-size
    /// path) at the stored size with `decoderBytes`. A still image's frame always covers
    /// its canvas (libwebp's demuxer refuses one that does not), so it is never left to
    /// the full-size fallback.
    func decodeFootprint(
        for header: PixelSourceHeader<WebPHeader>, fitted: (width: Int, height: Int), inputBytes: Int
    ) -> (width: Int, height: Int, decoderBytes: Int) {
        guard header.native.isLossy, !header.native.isAnimated else { return (header.width, header.height, header.decoderBytes) }
        return (fitted.width, fitted.height, Self.scaledDecoderBytes(for: header.native, fitted: fitted, inputBytes: inputBytes))
    }

    /// What a scaled decode of a lossy picture holds besides its RGB output: an input-sized
    /// buffer (once the demuxer's copy, which it no longer makes; kept as an upper bound);
    /// with alpha, the full-size alpha plane libwebp decodes an `ALPH` chunk into (one byte
    /// a pixel) and our RGBA at the fitted size; libwebp's row caches and rescaler, counted
    /// generously as 64 rows of 4 bytes a pixel at the stored width; our copies of the EXIF
    /// and ICC chunks, and libwebp's state.
    static func scaledDecoderBytes(for header: WebPHeader, fitted: (width: Int, height: Int), inputBytes: Int) -> Int {
        let alpha = header.hasAlpha ? header.pixelCount + fitted.width * fitted.height * 4 : 0
        let rows = header.width * 4 * 64
        let chunks = (header.exif?.count ?? 0) + (header.iccProfile?.count ?? 0)
        return inputBytes + alpha + rows + chunks + (256 << 10)
    }

    private func translate(_ error: WebPError) -> PhotoProcessingError {
        switch error.kind {
        case .notWebP: .unsupportedFormat(format: "unknown")
        case .truncated, .corrupt, .failed: .damaged(format: formatName, detail: error.description)
        case .unsupported: .unsupported("\(formatName): \(error.description)")
        }
    }
}
