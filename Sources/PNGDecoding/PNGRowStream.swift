import CPNG

/// Reads a PNG file one row at a time, so a caller that fits it into a smaller box never
/// holds the whole decoded picture (36 MB for a 12 MP screenshot) nor the file's bytes.
///
/// Only for PNGs whose pixels come out exactly as `PNGDecoder.decodeRGB` gives them with
/// no conversion that needs more than the row at hand: 8-bit RGB, grey or palette,
/// not interlaced, with no transparency and no gamma other than sRGB's (which the
/// simplified API would correct). `canStream` says which; others use `PNGDecoder`.
package enum PNGRowStream {
    /// Whether `header` describes a PNG `read` gives the same pixels for.
    package static func canStream(_ header: PNGHeader) -> Bool {
        let plain: Bool
        switch header.colorType {
        case .rgb: plain = header.bitDepth == 8
        case .grey, .palette: plain = header.bitDepth <= 8
        case .greyAlpha, .rgbAlpha: plain = false
        }
        // sRGB's gamma is 1/2.2 (45455); libpng's simplified API leaves gammas within 5 %
        // of it alone, and so does the row reader, so only those close to it stream.
        let srgbGamma = header.gamma.map { abs($0 - 45455) <= 450 } ?? true
        return plain && !header.hasTransparency && !header.isInterlaced && srgbGamma && header.isComplete
    }

    /// Reads the file at `path` (inspected as `header`, which `canStream` accepted) and
    /// hands each row, `width × 3` bytes of RGB top to bottom, to `body` with its index.
    /// Throws with libpng's message when the data is damaged or the file is not the one
    /// inspected.
    package static func read(
        path: String, header: PNGHeader, _ body: (UnsafePointer<UInt8>, Int) -> Void
    ) throws(PNGError) {
        guard canStream(header) else { throw PNGError(.unsupported, "this PNG cannot be read row by row") }
        var message = [CChar](repeating: 0, count: Int(cpng_message_size))
        let succeeded = withoutActuallyEscaping(body) { body in
            var context = body
            return withUnsafeMutablePointer(to: &context) { pointer in
                cpng_stream_rgb8(
                    path, UInt32(header.width), UInt32(header.height),
                    { context, row, y in
                        guard let context, let row else { return 0 }
                        context.assumingMemoryBound(to: ((UnsafePointer<UInt8>, Int) -> Void).self).pointee(row, Int(y))
                        return 1
                    }, pointer, &message)
            }
        }
        guard succeeded == 0 else { return }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw PNGError(.corrupt, text.isEmpty ? "libpng failed without a message" : text)
    }
}
