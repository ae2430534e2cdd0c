import CWebP

/// Decodes a WebP (a still image, or an animation's first frame) to 8-bit RGB of the
/// canvas size with any transparency flattened onto white: a story is shown full-screen
/// on its own, and white is what stickers and screenshots are usually drawn on.
package enum WebPDecoder {
    /// RGB rows of `header.width × header.height`, from `bytes` as inspected into `header`.
    /// Blocking and CPU-bound. An animation's first frame may be smaller than the canvas
    /// and offset on it; the rest of the canvas is transparent at that point, so white.
    package static func decodeRGB(_ bytes: [UInt8], header: WebPHeader) throws(WebPError) -> [UInt8] {
        let demuxer = try Demuxer(bytes)
        guard demuxer.isComplete else { throw WebPError(.truncated, operation: "WebPDemuxPartial") }
        return try demuxer.withFirstFrame { (frame, bitstream) throws(WebPError) -> [UInt8] in
            guard frame.x + frame.width <= header.width, frame.y + frame.height <= header.height else {
                throw WebPError(.corrupt, operation: "first frame inside the canvas")
            }
            let rgba = try decodeRGBA(bitstream, width: frame.width, height: frame.height)
            return composite(rgba, frame: frame, canvasWidth: header.width, canvasHeight: header.height)
        }
    }

    /// The frame's RGBA (straight alpha), decoded by `WebPDecode` into memory Swift owns,
    /// so the status code survives to the error and nothing libwebp allocated escapes.
    static func decodeRGBA(_ bitstream: UnsafeBufferPointer<UInt8>, width: Int, height: Int) throws(WebPError) -> [UInt8] {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw WebPError(.failed, operation: "WebPInitDecoderConfig") }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let status = rgba.withUnsafeMutableBufferPointer { output in
            config.output.colorspace = MODE_RGBA
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = output.baseAddress
            config.output.u.RGBA.stride = Int32(width * 4)
            config.output.u.RGBA.size = output.count
            defer { WebPFreeDecBuffer(&config.output) }
            return WebPDecode(bitstream.baseAddress, bitstream.count, &config)
        }
        guard status == VP8_STATUS_OK else {
            let kind: WebPError.Kind =
                switch status {
                case VP8_STATUS_NOT_ENOUGH_DATA: .truncated
                case VP8_STATUS_UNSUPPORTED_FEATURE: .unsupported
                case VP8_STATUS_BITSTREAM_ERROR: .corrupt
                default: .failed
                }
            throw WebPError(kind, operation: "WebPDecode", status: Int(status.rawValue))
        }
        return rgba
    }

    /// `rgba` (the frame) over a white canvas, alpha-blended: out = c·a + 255·(1 − a).
    static func composite(_ rgba: [UInt8], frame: Demuxer.Frame, canvasWidth: Int, canvasHeight: Int) -> [UInt8] {
        var canvas = [UInt8](repeating: 255, count: canvasWidth * canvasHeight * 3)
        canvas.withUnsafeMutableBufferPointer { out in
            rgba.withUnsafeBufferPointer { source in
                for row in 0..<frame.height {
                    var from = row * frame.width * 4
                    var to = ((frame.y + row) * canvasWidth + frame.x) * 3
                    for _ in 0..<frame.width {
                        let alpha = Int(source[from + 3])
                        for channel in 0..<3 {
                            out[to + channel] = UInt8((Int(source[from + channel]) * alpha + 255 * (255 - alpha) + 127) / 255)
                        }
                        from += 4
                        to += 3
                    }
                }
            }
        }
        return canvas
    }
}
