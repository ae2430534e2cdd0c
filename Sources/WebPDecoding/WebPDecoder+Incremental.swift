import CWebP

extension WebPDecoder {
    /// How much more of the bitstream each `WebPIUpdate` is shown: small enough that the
    /// pages released behind the decoder stay a fraction of a 12 MP file, large enough that
    /// the rows libwebp decodes again after each suspension (up to 8) cost nothing visible.
    static let incrementalStep = 1 << 20

    /// Whether `bitstream` (the first frame's chunk as the demuxer gives it) is lossless:
    /// a `VP8L` chunk, whose decoder holds its whole ARGB picture and reads the bitstream
    /// front to back once its header is read.
    static func isLossless(_ bitstream: UnsafeBufferPointer<UInt8>) -> Bool {
        bitstream.count >= 4 && bitstream[0] == 0x56 && bitstream[1] == 0x50 && bitstream[2] == 0x38 && bitstream[3] == 0x4C
    }

    /// The width a `VP8L` chunk's header gives (14 bits after the 0x2F signature byte that
    /// follows the 8-byte chunk header), 16384 (the format's largest) when it is too short
    /// to say: only used to size the slice kept behind the decoder, so too large is safe.
    static func frameWidth(of bitstream: UnsafeBufferPointer<UInt8>) -> Int {
        guard bitstream.count >= 11 else { return 1 << 14 }
        return (Int(bitstream[9]) | Int(bitstream[10] & 0x3F) << 8) + 1
    }

    /// Decodes `bitstream` with libwebp's incremental decoder over the caller's bytes
    /// (`WebPIUpdate`, which reads them in place, unlike `WebPIAppend`, which copies every
    /// byte it is given into a buffer of its own and, for lossless data, never frees any
    /// of it), showing it `step` more bytes each call. The pixels are `WebPDecode`'s: the
    /// same VP8L decoder and rescaler, stopped at the end of the bytes shown and resumed
    /// from its last checkpoint.
    ///
    /// After each call that has put out rows (so the VP8L header, which a suspended header
    /// parse reads again from the start, is behind it), `releasing` gets the address
    /// `margin` bytes before the end shown: libwebp resumes from a checkpoint at most 8
    /// rows (plus one backward reference of up to 4096 pixels) back, and no VP8L code takes
    /// more than 60 bits a pixel, so 8 bytes a pixel over 9 rows and 4096 pixels, and
    /// 64 KB for the bit reader, is past anything it reads again. The caller's bytes must
    /// stay readable after they are released (a file mapping), since that bound is read
    /// from libwebp 1.2's source, not promised by its API.
    ///
    /// Returns libwebp's status: OK or an error. Shown the whole chunk, libwebp decodes as
    /// `WebPDecode` does and calls a picture cut short inside it a BITSTREAM_ERROR; should
    /// it still wait for more, that is returned too, so both paths refuse it alike.
    static func decodeIncrementally(
        _ bitstream: UnsafeBufferPointer<UInt8>, config: UnsafeMutablePointer<WebPDecoderConfig>, sourceWidth: Int,
        step: Int = incrementalStep, releasing: (UnsafeRawPointer) -> Void
    ) -> VP8StatusCode {
        guard let base = bitstream.baseAddress, !bitstream.isEmpty else { return VP8_STATUS_BITSTREAM_ERROR }
        guard let decoder = WebPIDecode(nil, 0, config) else { return VP8_STATUS_INVALID_PARAM }
        defer { WebPIDelete(decoder) }
        let margin = (9 * sourceWidth + 4096) * 8 + (64 << 10)
        var shown = 0
        while shown < bitstream.count {
            shown = min(bitstream.count, shown + max(1, step))
            let status = WebPIUpdate(decoder, base, shown)
            guard status == VP8_STATUS_SUSPENDED else { return status }
            var rows: Int32 = 0
            if WebPIDecGetRGB(decoder, &rows, nil, nil, nil) != nil, rows > 0, shown > margin {
                releasing(UnsafeRawPointer(base + (shown - margin)))
            }
        }
        return VP8_STATUS_BITSTREAM_ERROR
    }
}
