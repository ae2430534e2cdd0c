import Foundation
import TestKit
import Testing

/// The committed fixtures under `Resources/` (made by `make-fixtures.py`) and what they contain.
enum Fixtures {
    /// The bytes of a file under `Resources/`.
    static func resource(_ name: String) throws -> [UInt8] {
        try BundledResource.bytes(name, in: Bundle.module)
    }

    typealias RGB = (red: UInt8, green: UInt8, blue: UInt8)
    static let red: RGB = (230, 20, 20)
    static let green: RGB = (20, 210, 20)
    static let blue: RGB = (20, 20, 230)
    static let white: RGB = (255, 255, 255)
    static let black: RGB = (0, 0, 0)

    /// The pixel at (x, y) of RGB rows `width` wide.
    static func pixel(_ rgb: [UInt8], width: Int, x: Int, y: Int) -> RGB {
        let index = (y * width + x) * 3
        return (rgb[index], rgb[index + 1], rgb[index + 2])
    }

    /// Expects the pixel at (x, y) to be `color` within `tolerance` per channel.
    static func expectPixel(
        _ rgb: [UInt8], width: Int, x: Int, y: Int, _ color: RGB, tolerance: Int = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let pixel = pixel(rgb, width: width, x: x, y: y)
        let close =
            abs(Int(pixel.red) - Int(color.red)) <= tolerance && abs(Int(pixel.green) - Int(color.green)) <= tolerance
            && abs(Int(pixel.blue) - Int(color.blue)) <= tolerance
        #expect(close, "(\(x), \(y)) is \(pixel), expected \(color)", sourceLocation: sourceLocation)
    }

    /// Expects the centre of each quadrant to hold `colors` (top-left, top-right,
    /// bottom-left, bottom-right), within `tolerance` per channel for lossy coding.
    static func expectQuadrants(
        _ rgb: [UInt8], width: Int, height: Int, _ colors: [RGB], tolerance: Int = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (index, color) in colors.enumerated() {
            let x = index % 2 == 0 ? width / 4 : width * 3 / 4
            let y = index < 2 ? height / 4 : height * 3 / 4
            expectPixel(rgb, width: width, x: x, y: y, color, tolerance: tolerance, sourceLocation: sourceLocation)
        }
    }
}
