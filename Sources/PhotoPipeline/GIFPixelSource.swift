import GIFDecoding

/// GIF (the first frame of an animation) through the shared pipeline: `GIFDecoding` reads
/// the records with giflib; this translates its canvas into the pipeline's limits and its
/// errors into `PhotoProcessingError` (keeping giflib's code and message for logs). GIFs
/// carry no EXIF, so the orientation is 1 and there is no GPS.
struct GIFPixelSource: PixelSource {
    var formatName: String { "GIF" }
    var decodesUpright: Bool { true }

    func inspect(_ bytes: [UInt8]) throws(PhotoProcessingError) -> PixelSourceHeader<GIFHeader> {
        let header: GIFHeader
        do {
            header = try GIFInspector.inspect(bytes)
        } catch {
            throw Self.translate(error)
        }
        if let frame = header.firstFrame, !header.frameFitsScreen {
            throw .headerMismatch(
                format: formatName,
                detail:
                    "the first frame, \(frame.width) × \(frame.height) at (\(frame.left), \(frame.top)), reaches past the \(header.screenWidth) × \(header.screenHeight) screen"
            )
        }
        return PixelSourceHeader(
            width: header.width, height: header.height, isComplete: header.firstFrame != nil,
            decoderBytes: Self.decoderBytes(for: header), exif: nil, iccProfile: nil, native: header,
            incompleteDetail: header.problem?.message)
    }

    func decode(_ bytes: [UInt8], header: PixelSourceHeader<GIFHeader>) throws(PhotoProcessingError) -> RGBImage {
        do {
            let pixels = try GIFDecoder.decodeRGB(bytes, header: header.native)
            return RGBImage(uncheckedWidth: header.width, height: header.height, pixels: pixels)
        } catch {
            throw Self.translate(error)
        }
    }

    /// What giflib and the decoder hold besides the RGB canvas: giflib's LZW tables and
    /// buffers (about 25 KB), the colour tables it copies, the row of palette indices and
    /// our palette, rounded up generously.
    static func decoderBytes(for header: GIFHeader) -> Int {
        (header.firstFrame?.width ?? header.width) + (64 << 10)
    }

    private static func translate(_ error: GIFError) -> PhotoProcessingError {
        switch error.kind {
        case .notGIF: return .unsupportedFormat(format: "unknown")
        case .truncated, .corrupt: return .damaged(format: "GIF", detail: error.message)
        case .unsupported: return .unsupported(error.message)
        }
    }
}
