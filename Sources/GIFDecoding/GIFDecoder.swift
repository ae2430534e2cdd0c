/// Decodes a GIF's first frame (the still an animated GIF shows before it plays, and
/// what a photo story can hold) to 8-bit RGB on a canvas of the header's size. Palette
/// indices become their colour-table RGB; the transparent index, indices past the table
/// and canvas the frame does not cover are white, like PNG transparency (the GIF's own
/// background colour is ignored, as browsers do). Blocking: call from a worker thread.
package enum GIFDecoder {
    /// What transparent and uncovered pixels become.
    package static let background: (red: UInt8, green: UInt8, blue: UInt8) = (255, 255, 255)

    /// Decodes `bytes` (already inspected as `header`, whose size the caller has checked)
    /// to `width × height × 3` bytes, rows top to bottom. Only the first frame's LZW data
    /// is read; later frames are never touched.
    package static func decodeRGB(_ bytes: [UInt8], header: GIFHeader) throws(GIFError) -> [UInt8] {
        guard let expected = header.firstFrame else {
            throw header.problem ?? GIFError(.corrupt, "the GIF has no image")
        }
        guard header.width > 0, header.height > 0 else {
            throw GIFError(.corrupt, "the canvas is \(header.width) × \(header.height)")
        }
        let file = try GIFFile(bytes)
        let frame = try file.firstFrame()
        guard frame == expected else { throw GIFError(.corrupt, "the first frame changed between inspect and decode") }
        guard let palette = file.palette() else { throw GIFError(.corrupt, "the GIF has no colour table") }

        let width = header.width
        var canvas = [UInt8](repeating: background.red, count: width * header.height * 3)
        var row = [UInt8](repeating: 0, count: frame.width)
        guard frame.width > 0 else { return canvas }
        for stored in 0..<frame.height {
            try file.readRow(into: &row)
            let y = frame.top + frame.frameRow(forStoredRow: stored)
            var out = (y * width + frame.left) * 3
            for index in row {
                let entry = Int(index)
                if entry != frame.transparentIndex, entry * 3 + 2 < palette.count {
                    canvas[out] = palette[entry * 3]
                    canvas[out + 1] = palette[entry * 3 + 1]
                    canvas[out + 2] = palette[entry * 3 + 2]
                }
                out += 3
            }
        }
        return canvas
    }
}
