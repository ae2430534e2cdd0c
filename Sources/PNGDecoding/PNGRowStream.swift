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
    /// `shouldStop` (a deadline) is asked before every 64th row.
    ///
    /// The image data is inflated once, by libpng, and must end where the picture does:
    /// data that inflates past the last row is refused (`.sizeMismatch`), and so is a
    /// stream that goes on for more than `cpng_after_rows_budget` bytes after it (which the
    /// counting check of the in-memory path lets through when it inflates to nothing), so
    /// an inflate bomb costs at most one picture's worth of work. Throws with libpng's
    /// message when the data is damaged or the file is not the one inspected.
    package static func read(
        path: String, header: PNGHeader, shouldStop: () -> Bool, _ body: (UnsafePointer<UInt8>, Int) -> Void
    ) throws(PNGError) {
        guard canStream(header) else { throw PNGError(.unsupported, "this PNG cannot be read row by row") }
        var message = [CChar](repeating: 0, count: Int(cpng_message_size))
        typealias Row = (UnsafePointer<UInt8>, Int) -> Bool
        let outcome = withoutActuallyEscaping(body) { body in
            withoutActuallyEscaping(shouldStop) { shouldStop in
                var context: Row = { row, y in
                    if y % 64 == 0, shouldStop() { return false }
                    body(row, y)
                    return true
                }
                return withUnsafeMutablePointer(to: &context) { pointer in
                    cpng_stream_rgb8(
                        path, UInt32(header.width), UInt32(header.height),
                        { context, row, y in
                            guard let context, let row else { return 0 }
                            return context.assumingMemoryBound(to: Row.self).pointee(row, Int(y)) ? 1 : 0
                        }, pointer, &message)
                }
            }
        }
        switch outcome {
        case cpng_stream_read: return
        case cpng_stream_stopped: throw PNGError(.timedOut, "the decode deadline passed while reading the rows")
        case cpng_stream_too_much: throw PNGError.inflatesPastPicture(header)
        case cpng_stream_too_long:
            throw PNGError(.sizeMismatch, "the image data goes on for more than \(cpng_after_rows_budget) bytes after the last row")
        default:
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw PNGError(.corrupt, text.isEmpty ? "libpng failed without a message" : text)
        }
    }
}
