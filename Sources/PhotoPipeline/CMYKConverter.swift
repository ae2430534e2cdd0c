/// Converts packed CMYK pixels (as TurboJPEG decodes CMYK and YCCK JPEGs) to packed RGB.
///
/// This is the naive, profile-free conversion browsers use. Photoshop and most tools
/// write CMYK JPEGs *inverted* (0 = full ink) and mark them with an Adobe APP14 segment;
/// like libjpeg-based browsers, the presence of that marker selects the inverted reading.
enum CMYKConverter {
    /// Rewrites `pixels` (4 bytes per pixel) as RGB (3 bytes per pixel) and shrinks it.
    /// Writing at 3/4 of the read offset never overtakes the reads, so one buffer suffices.
    static func convertInPlace(_ pixels: inout [UInt8], inverted: Bool) {
        let count = pixels.count / 4
        pixels.withUnsafeMutableBufferPointer { buffer in convertRow(buffer, pixelCount: count, inverted: inverted) }
        pixels.removeLast(pixels.count - count * 3)
    }

    /// Rewrites the first `pixelCount` CMYK pixels of `buffer` as RGB at its start (one
    /// row as `JPEGRowDecoder` hands it over, or a whole image).
    static func convertRow(_ buffer: UnsafeMutableBufferPointer<UInt8>, pixelCount count: Int, inverted: Bool) {
        for index in 0..<count {
            var c = Int(buffer[index * 4])
            var m = Int(buffer[index * 4 + 1])
            var y = Int(buffer[index * 4 + 2])
            var k = Int(buffer[index * 4 + 3])
            if !inverted {
                c = 255 - c
                m = 255 - m
                y = 255 - y
                k = 255 - k
            }
            // Now each value is the *absence* of ink: channel = (1 − C)(1 − K).
            buffer[index * 3] = UInt8((c * k + 127) / 255)
            buffer[index * 3 + 1] = UInt8((m * k + 127) / 255)
            buffer[index * 3 + 2] = UInt8((y * k + 127) / 255)
        }
    }
}
