import Foundation
import HEIFDecoding
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

    /// Expects the centre of each quadrant of `image` to hold `colors` (top-left, top-right,
    /// bottom-left, bottom-right), within `tolerance` per channel for lossy coding.
    static func expectQuadrants(
        _ image: HEIFImage, _ colors: [RGB], tolerance: Int = 12, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (index, color) in colors.enumerated() {
            let x = index % 2 == 0 ? image.width / 4 : image.width * 3 / 4
            let y = index < 2 ? image.height / 4 : image.height * 3 / 4
            let pixel = image.pixel(x: x, y: y)
            let close =
                abs(Int(pixel.red) - Int(color.red)) <= tolerance && abs(Int(pixel.green) - Int(color.green)) <= tolerance
                && abs(Int(pixel.blue) - Int(color.blue)) <= tolerance
            #expect(close, "quadrant \(index) at (\(x), \(y)) is \(pixel), expected \(color)", sourceLocation: sourceLocation)
        }
    }
}
