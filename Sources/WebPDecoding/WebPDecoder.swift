import CWebP

/// Decodes a WebP (a still image, or an animation's first frame) to 8-bit RGB of the
/// canvas size, or scaled down by libwebp while it decodes, with any transparency
/// flattened onto white: a story is shown full-screen on its own, and white is what
/// stickers and screenshots are usually drawn on.
package enum WebPDecoder {
    /// RGB rows of `header.width × header.height`, from `bytes` as inspected into `header`.
    /// Blocking and CPU-bound. An animation's first frame may be smaller than the canvas
    /// and offset on it; the rest of the canvas is transparent at that point, so white.
    package static func decodeRGB(_ bytes: [UInt8], header: WebPHeader) throws(WebPError) -> [UInt8] {
        try Demuxer.withDemuxer(over: bytes) { (demuxer) throws(WebPError) -> [UInt8] in
            guard demuxer.isComplete else { throw WebPError(.truncated, operation: "WebPDemuxPartial") }
            return try demuxer.withFirstFrame { (frame, bitstream) throws(WebPError) -> [UInt8] in
                guard frame.x + frame.width <= header.width, frame.y + frame.height <= header.height else {
                    throw WebPError(.corrupt, operation: "first frame inside the canvas")
                }
                if frame.coversCanvas(width: header.width, height: header.height) {
                    return try decodeCovering(bitstream, frame: frame, width: header.width, height: header.height)
                }
                let rgba = try decodeRGBA(bitstream, width: frame.width, height: frame.height)
                return composite(rgba, frame: frame, canvasWidth: header.width, canvasHeight: header.height)
            }
        }
    }

    /// RGB rows of `width × height` (each at most the canvas's): libwebp's own scaling
    /// while decoding (`use_scaling`), as vips's webpload asks for, so the canvas-size
    /// picture is never allocated. A lossy picture goes through libwebp's rescaler a few
    /// macroblock rows at a time; a lossless one still holds its whole ARGB inside libwebp,
    /// but not our RGBA copy of it nor the RGB canvas. The scale is libwebp's area average,
    /// the same as vipsthumbnail's for WebP.
    ///
    /// nil when the first frame does not cover the whole canvas (an animation whose first
    /// frame is smaller and offset): placing a scaled frame would round its edges, so the
    /// caller decodes at full size instead.
    package static func decodeRGB(
        _ bytes: [UInt8], header: WebPHeader, scaledToWidth width: Int, height: Int
    ) throws(WebPError) -> [UInt8]? {
        try bytes.withUnsafeBufferPointer { (buffer) throws(WebPError) -> [UInt8]? in
            try decodeRGB(buffer, header: header, scaledToWidth: width, height: height, releasing: nil)
        }
    }

    /// `decodeRGB(_:header:scaledToWidth:height:)` over bytes the caller holds (a mapped
    /// file), valid for the whole call. With `releasing`, a lossless (VP8L) frame is fed
    /// to libwebp's incremental decoder a slice at a time (`decodeIncrementally`), and
    /// `releasing` is told, as decoding moves on, the address before which the bytes are
    /// done with, so the caller can let their pages go: the decoder may still read a few
    /// of them again, which a file mapping serves from the file, so releasing is never a
    /// question of correctness, only of memory.
    package static func decodeRGB(
        _ bytes: UnsafeBufferPointer<UInt8>, header: WebPHeader, scaledToWidth width: Int, height: Int,
        releasing: ((UnsafeRawPointer) -> Void)?
    ) throws(WebPError) -> [UInt8]? {
        try decodeRGB(bytes, header: header, scaledToWidth: width, height: height, releasing: releasing, step: incrementalStep)
    }

    /// The same, showing an incremental decode `step` more bytes at a time (tests use small steps).
    static func decodeRGB(
        _ bytes: UnsafeBufferPointer<UInt8>, header: WebPHeader, scaledToWidth width: Int, height: Int,
        releasing: ((UnsafeRawPointer) -> Void)?, step: Int
    ) throws(WebPError) -> [UInt8]? {
        guard (1...header.width).contains(width), (1...header.height).contains(height) else {
            throw WebPError(.failed, operation: "scaled size \(width) × \(height) within the canvas")
        }
        return try Demuxer.withDemuxer(over: bytes) { (demuxer) throws(WebPError) -> [UInt8]? in
            guard demuxer.isComplete else { throw WebPError(.truncated, operation: "WebPDemuxPartial") }
            return try demuxer.withFirstFrame { (frame, bitstream) throws(WebPError) -> [UInt8]? in
                guard frame.coversCanvas(width: header.width, height: header.height) else { return nil }
                return try decodeCovering(bitstream, frame: frame, width: width, height: height, releasing: releasing, step: step)
            }
        }
    }

    /// A frame covering the canvas, decoded (and scaled, when `width × height` is not its
    /// own size) to RGB: straight into the output when it has no alpha, otherwise through
    /// RGBA flattened onto white.
    static func decodeCovering(
        _ bitstream: UnsafeBufferPointer<UInt8>, frame: Demuxer.Frame, width: Int, height: Int,
        releasing: ((UnsafeRawPointer) -> Void)? = nil, step: Int = incrementalStep
    ) throws(WebPError) -> [UInt8] {
        let scaled = width != frame.width || height != frame.height
        guard frame.hasAlpha else {
            return try decode(
                bitstream, mode: MODE_RGB, channels: 3, width: width, height: height, scaled: scaled, releasing: releasing, step: step)
        }
        let rgba = try decode(
            bitstream, mode: MODE_RGBA, channels: 4, width: width, height: height, scaled: scaled, releasing: releasing, step: step)
        let placed = Demuxer.Frame(x: 0, y: 0, width: width, height: height, hasAlpha: true)
        return composite(rgba, frame: placed, canvasWidth: width, canvasHeight: height)
    }

    /// The frame's RGBA (straight alpha) at its own size.
    static func decodeRGBA(_ bitstream: UnsafeBufferPointer<UInt8>, width: Int, height: Int) throws(WebPError) -> [UInt8] {
        try decode(bitstream, mode: MODE_RGBA, channels: 4, width: width, height: height, scaled: false)
    }

    /// The frame decoded by `WebPDecode` into memory Swift owns (`width × height` pixels of
    /// `channels` bytes in `mode`), so the status code survives to the error and nothing
    /// libwebp allocated escapes. With `scaled`, libwebp resamples to `width × height` as
    /// it decodes. No `use_threads`: each photo is decoded on one pool thread, as HEIF is.
    /// With `releasing`, a lossless bitstream goes through `decodeIncrementally` instead
    /// (the same pixels; see there).
    static func decode(
        _ bitstream: UnsafeBufferPointer<UInt8>, mode: WEBP_CSP_MODE, channels: Int, width: Int, height: Int, scaled: Bool,
        releasing: ((UnsafeRawPointer) -> Void)? = nil, step: Int = incrementalStep
    ) throws(WebPError) -> [UInt8] {
        // The incremental decoder keeps a pointer to the configuration's output buffer
        // between calls, so the configuration lives at one address (not a Swift `var`,
        // whose `&` is only valid for one call) until the decoder is deleted.
        let config = UnsafeMutablePointer<WebPDecoderConfig>.allocate(capacity: 1)
        config.initialize(to: WebPDecoderConfig())
        defer { config.deallocate() }
        guard WebPInitDecoderConfig(config) != 0 else { throw WebPError(.failed, operation: "WebPInitDecoderConfig") }
        if scaled {
            config.pointee.options.use_scaling = 1
            config.pointee.options.scaled_width = Int32(width)
            config.pointee.options.scaled_height = Int32(height)
        }
        let incremental = releasing.flatMap { isLossless(bitstream) ? $0 : nil }
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        let (status, operation) = pixels.withUnsafeMutableBufferPointer { output in
            config.pointee.output.colorspace = mode
            config.pointee.output.is_external_memory = 1
            config.pointee.output.u.RGBA.rgba = output.baseAddress
            config.pointee.output.u.RGBA.stride = Int32(width * channels)
            config.pointee.output.u.RGBA.size = output.count
            defer { WebPFreeDecBuffer(&config.pointee.output) }
            if let incremental {
                let status = decodeIncrementally(
                    bitstream, config: config, sourceWidth: frameWidth(of: bitstream), step: step, releasing: incremental)
                return (status, "WebPIUpdate")
            }
            return (WebPDecode(bitstream.baseAddress, bitstream.count, config), "WebPDecode")
        }
        guard status == VP8_STATUS_OK else { throw error(status, operation: operation) }
        return pixels
    }

    /// The error for a decoding call's `status`, by what kind of problem libwebp reports.
    static func error(_ status: VP8StatusCode, operation: String) -> WebPError {
        let kind: WebPError.Kind =
            switch status {
            case VP8_STATUS_NOT_ENOUGH_DATA: .truncated
            case VP8_STATUS_UNSUPPORTED_FEATURE: .unsupported
            case VP8_STATUS_BITSTREAM_ERROR: .corrupt
            default: .failed
            }
        return WebPError(kind, operation: operation, status: Int(status.rawValue))
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
