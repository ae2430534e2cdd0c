import Foundation
import TestKit

/// The committed fixtures under `Resources/` (written byte by byte by `make-fixtures.py`)
/// and what they contain: 40 × 30 unless said otherwise.
enum GIFFixtures {
    /// The bytes of a file under `Resources/`.
    static func resource(_ name: String) throws -> [UInt8] {
        try BundledResource.bytes(name, in: Bundle.module)
    }

    static let red: [UInt8] = [230, 20, 20]
    static let green: [UInt8] = [20, 210, 20]
    static let blue: [UInt8] = [20, 20, 230]
    static let white: [UInt8] = [255, 255, 255]

    /// The RGB at (x, y) of packed RGB `pixels` of `width`.
    static func pixel(_ pixels: [UInt8], width: Int, x: Int, y: Int) -> [UInt8] {
        let start = (y * width + x) * 3
        return Array(pixels[start..<start + 3])
    }

    /// The exact 40 × 30 quadrant image: red, green (top), blue, white (bottom).
    static func quadrants(width: Int = 40, height: Int = 30) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += y < height / 2 ? (x < width / 2 ? red : green) : (x < width / 2 ? blue : white)
            }
        }
        return pixels
    }
}
