import CPNG

/// Decodes a PNG to 8-bit RGB through libpng's simplified API: 16-bit samples are reduced
/// to 8 bits, palette and grey images expanded to RGB, and transparency composited onto
/// white (a story is shown on its own, and white is what a transparent "sticker" or
/// screenshot is drawn on in most viewers; black would turn dark line art invisible).
///
/// The simplified API is used because it reports failures through `png_image.message`
/// and a zero return; the full API reports them by `longjmp`, which would skip Swift's
/// cleanup. Blocking and CPU-bound: call it from a worker thread.
package enum PNGDecoder {
    /// The background transparent pixels are composited onto.
    package static let background: (red: UInt8, green: UInt8, blue: UInt8) = (255, 255, 255)

    /// Decodes `bytes` (already inspected as `header`) to `width × height × 3` bytes,
    /// rows top to bottom. Throws with libpng's message when the data is damaged.
    package static func decodeRGB(_ bytes: [UInt8], header: PNGHeader) throws(PNGError) -> [UInt8] {
        let (rowBytes, rowOverflow) = header.width.multipliedReportingOverflow(by: 3)
        let (total, totalOverflow) = rowBytes.multipliedReportingOverflow(by: header.height)
        guard !rowOverflow, !totalOverflow, rowBytes <= Int(Int32.max) else {
            throw PNGError(.unsupported, "\(header.width) × \(header.height) is too large to address")
        }
        var image = png_image()
        image.version = cpng_image_version()
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        defer { png_image_free(&image) }
        guard begun != 0 else { throw failure(image) }
        guard Int(image.width) == header.width, Int(image.height) == header.height else {
            throw PNGError(.corrupt, "libpng read \(image.width) × \(image.height), the header said \(header.width) × \(header.height)")
        }
        image.format = cpng_format_rgb()
        // 16-bit PNGs without gAMA/sRGB are, in practice, sRGB-encoded (photo editors'
        // exports); libpng would otherwise take them as linear and brighten them.
        image.flags |= cpng_flag_16bit_srgb()
        var color = png_color(red: background.red, green: background.green, blue: background.blue)
        var finished: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            finished = png_image_finish_read(&image, &color, buffer.baseAddress, Int32(rowBytes), nil)
            // On failure the buffer may be partly written; initialise it anyway so the
            // array is valid before it is discarded.
            if finished == 0 { buffer.initialize(repeating: 0) }
            initialized = total
        }
        guard finished != 0 else { throw failure(image) }
        return pixels
    }

    /// libpng's message as a typed error; a message about the data running out means
    /// the file was cut short.
    private static func failure(_ image: png_image) -> PNGError {
        let message = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let lowered = message.lowercased()
        let cutShort = lowered.contains("not enough") || lowered.contains("read beyond end") || lowered.contains("truncated")
        return PNGError(cutShort ? .truncated : .corrupt, message.isEmpty ? "libpng failed without a message" : message)
    }
}
