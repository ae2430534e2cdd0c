import CTurboJPEG

/// Decodes a JPEG with libjpeg at a DCT scale and hands over its rows as they are made, so
/// neither the whole decoded picture nor (for a file) the whole file is ever held: libjpeg
/// reads the file through a source that takes `ctj_chunk_size` bytes at a time with
/// `pread` (`ctj_decode_rows` in the CTurboJPEG shim, which keeps libjpeg's longjmp out
/// of Swift).
///
/// The pixels are the ones `tjDecompress2` gives with `TJFLAG_ACCURATEDCT` (the same
/// libjpeg-turbo, the same IDCT and upsampling). Warnings are judged as they come:
/// libjpeg reports damage (a truncated file, a bad Huffman code) only as a warning and
/// fills the rest grey, so any warning not listed in `harmlessWarnings` stops the decode.
enum JPEGRowDecoder {
    /// Where the JPEG comes from.
    enum Input {
        /// An open file descriptor, read from offset 0 (the caller keeps it open).
        case file(descriptor: Int32)
        /// Bytes already in memory.
        case bytes([UInt8])
    }

    /// How a decode read its input: for a file, how many chunks and the largest one (the
    /// most of the file held at once).
    struct Reading: Equatable {
        let reads: Int
        let largestRead: Int
        let bytesRead: Int
    }

    /// The most of a file that is held at once while it is decoded.
    static let chunkBytes = Int(ctj_chunk_size)

    /// Decodes `input` (inspected as `header`) at `scale`, which must give exactly
    /// `width × height`, calling `row` with each row of `width × 3` RGB bytes (CMYK and YCCK
    /// converted) top to bottom. Blocking and CPU-bound.
    @discardableResult
    static func decode(
        _ input: Input, header: JPEGHeader, scale: (num: Int, denom: Int), width: Int, height: Int,
        row: (UnsafePointer<UInt8>) -> Void
    ) throws(PhotoProcessingError) -> Reading {
        let cmyk = header.colorModel == .cmyk || header.colorModel == .ycck
        var report = ctj_decode_report()
        let result = withoutActuallyEscaping(row) { row in
            var scratch = [UInt8](repeating: 0, count: cmyk ? width * 4 : 0)
            var deliver: (UnsafePointer<UInt8>) -> Void = { pixels in
                guard cmyk else { return row(pixels) }
                scratch.withUnsafeMutableBufferPointer { buffer in
                    buffer.baseAddress!.update(from: pixels, count: width * 4)
                    CMYKConverter.convertRow(buffer, pixelCount: width, inverted: header.hasAdobeMarker)
                    row(UnsafePointer(buffer.baseAddress!))
                }
            }
            return harmlessWarningCodes.withUnsafeBufferPointer { harmless in
                withUnsafeMutablePointer(to: &deliver) { context in
                    var request = ctj_decode_request(
                        descriptor: -1, bytes: nil, size: 0, scale_num: UInt32(scale.num), scale_denom: UInt32(scale.denom),
                        expected_width: UInt32(width), expected_height: UInt32(height), cmyk: cmyk ? 1 : 0,
                        harmless_warnings: harmless.baseAddress, harmless_warning_count: Int32(harmless.count))
                    switch input {
                    case .file(let descriptor):
                        request.descriptor = descriptor
                        return ctj_decode_rows(&request, rowCallback, context, &report)
                    case .bytes(let bytes):
                        return bytes.withUnsafeBufferPointer { bytes in
                            request.bytes = bytes.baseAddress
                            request.size = UInt(bytes.count)
                            return ctj_decode_rows(&request, rowCallback, context, &report)
                        }
                    }
                }
            }
        }
        guard result == 0 else { throw error(from: &report) }
        return Reading(reads: Int(report.reads), largestRead: Int(report.largest_read), bytesRead: Int(report.bytes_read))
    }

    /// The smallest DCT scale whose size is still at least `targetWidth × targetHeight`,
    /// with that size (TurboJPEG's choice among its scaling factors).
    static func scale(
        width: Int, height: Int, targetWidth: Int, targetHeight: Int
    ) -> (num: Int, denom: Int, width: Int, height: Int) {
        var best = (num: 1, denom: 1, width: width, height: height)
        for factor in TurboJPEGDecompressor.downscalingFactors {
            let w = TurboJPEGDecompressor.scaled(width, factor)
            let h = TurboJPEGDecompressor.scaled(height, factor)
            if w >= targetWidth, h >= targetHeight, w * h < best.width * best.height { best = (factor.num, factor.denom, w, h) }
        }
        return best
    }

    /// libjpeg warnings that do not damage pixels: stray bytes between segments (common in
    /// files from some phones), an unknown JFIF revision, an unknown Adobe transform code,
    /// unusual scan parameters. Everything else (premature end, bad Huffman or arithmetic
    /// codes, resync failures, bad progression) means damaged pixels.
    private static let harmlessWarningCodes: [Int32] = [
        JWRN_EXTRANEOUS_DATA, JWRN_JFIF_MAJOR, JWRN_ADOBE_XFORM, JWRN_NOT_SEQUENTIAL,
    ].map { Int32($0.rawValue) }

    /// The C callback: the context is the Swift row closure.
    private static let rowCallback: ctj_row_callback = { context, row, _ in
        guard let context, let row else { return 0 }
        context.assumingMemoryBound(to: ((UnsafePointer<UInt8>) -> Void).self).pointee(row)
        return 1
    }

    /// The typed error for a failed decode, from libjpeg's message.
    private static func error(from report: inout ctj_decode_report) -> PhotoProcessingError {
        let message = withUnsafeBytes(of: &report.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if report.stopped_on_warning != 0, report.warning_code == Int32(JWRN_JPEG_EOF.rawValue) { return .truncated }
        if message.contains("Premature end") { return .truncated }
        if message.contains("Unsupported") || message.contains("not supported") { return .unsupported(message) }
        return .corrupt(message.isEmpty ? "libjpeg failed without a message" : message)
    }
}
