/// An 8-bit RGB image, rows top to bottom, pixels packed R, G, B with no row padding.
///
/// The pipeline's working format between decode and encode; public so callers (and
/// tests) can hand pixels to `JPEGEncoder` and read back what `JPEGDecoder` produced.
public struct RGBImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width × height × 3` bytes.
    public var pixels: [UInt8]

    /// Wraps `pixels`; returns nil unless its size is exactly `width × height × 3`.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).overflow == false,
            pixels.count == width * height * 3
        else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Internal initialiser for buffers whose size the caller has just computed.
    init(uncheckedWidth width: Int, height: Int, pixels: [UInt8]) {
        assert(pixels.count == width * height * 3)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The R, G, B values at (`x`, `y`).
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let offset = (y * width + x) * 3
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }
}
