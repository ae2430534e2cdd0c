/// Reads a GIF's header and its first frame's descriptor without decoding any pixel, so
/// the pixel limit applies before LZW runs: a 65535 × 65535 header is answered from its
/// first 13 bytes and the records up to the first image.
package enum GIFInspector {
    /// The header of `bytes`. Throws when there is no GIF header at all (`.notGIF`, or
    /// `.truncated` inside the screen descriptor or global colour table); a file that
    /// breaks before its first image descriptor is returned with `firstFrame == nil` and
    /// the `problem`, so callers can check the screen size against their limit first.
    package static func inspect(_ bytes: [UInt8]) throws(GIFError) -> GIFHeader {
        let file = try GIFFile(bytes)
        do {
            let frame = try file.firstFrame()
            return GIFHeader(screenWidth: file.screenWidth, screenHeight: file.screenHeight, firstFrame: frame, problem: nil)
        } catch {
            return GIFHeader(screenWidth: file.screenWidth, screenHeight: file.screenHeight, firstFrame: nil, problem: error)
        }
    }
}
