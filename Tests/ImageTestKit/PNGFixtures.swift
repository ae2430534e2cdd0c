import TestKit

/// The committed PNG fixtures (`Fixtures/png-*.png`, written by
/// `scripts/generate-png-fixtures`) and what is known about their pixels, so tests can
/// compare decoded or processed images against the reference they were generated from.
///
/// Every image but the 60000 × 60000 header is 300 × 200 in four 150 × 100 quadrants
/// (top-left, top-right, bottom-left, bottom-right) of one flat colour each.
package enum PNGFixtures {
    package static let width = 300
    package static let height = 200
    /// The quadrant colours of `rgb8`, `rgb16` (× 257), `exif-gps-orientation6` and `icc`.
    package static let quadrants: [(red: UInt8, green: UInt8, blue: UInt8)] = [
        (220, 40, 40), (40, 180, 60), (40, 60, 200), (230, 210, 50),
    ]
    /// The quadrant grey levels of `grey`.
    package static let greys: [UInt8] = [30, 100, 170, 240]
    /// `palette-transparent`: left half palette index 0 (fully transparent *black*), top
    /// right opaque red, bottom right blue at alpha 128.
    package static let paletteRed: (red: UInt8, green: UInt8, blue: UInt8) = (220, 40, 40)
    package static let paletteBlue: (red: UInt8, green: UInt8, blue: UInt8) = (40, 60, 200)
    /// The position in `exif-gps-orientation6`'s `eXIf` chunk (48° 51′ 30.24″ N,
    /// 2° 17′ 40.2″ E), which also holds Orientation 6.
    package static let gps = (latitude: 48.8584, longitude: 2.2945)

    /// The bytes of `Fixtures/png-<name>.png`.
    package static func bytes(_ name: String) -> [UInt8] {
        Fixtures.bytes("png-\(name).png")
    }

    /// The mean R, G, B of the rectangle `x` × `y` in packed RGB `pixels` of `width`.
    package static func meanColor(
        _ pixels: [UInt8], width: Int, x: Range<Int>, y: Range<Int>
    ) -> (red: Double, green: Double, blue: Double) {
        var sums = (0.0, 0.0, 0.0)
        for row in y {
            for column in x {
                let offset = (row * width + column) * 3
                sums.0 += Double(pixels[offset])
                sums.1 += Double(pixels[offset + 1])
                sums.2 += Double(pixels[offset + 2])
            }
        }
        let count = Double(x.count * y.count)
        return (sums.0 / count, sums.1 / count, sums.2 / count)
    }

    /// The interior of quadrant `index` (0 TL, 1 TR, 2 BL, 3 BR) of a `width × height`
    /// image, with a margin of a tenth of each side so resampling and JPEG edges are left out.
    package static func quadrantInterior(_ index: Int, width: Int, height: Int) -> (x: Range<Int>, y: Range<Int>) {
        let (halfWidth, halfHeight) = (width / 2, height / 2)
        let (marginX, marginY) = (max(1, width / 10), max(1, height / 10))
        let left = index % 2 == 0 ? 0 : halfWidth
        let top = index < 2 ? 0 : halfHeight
        return (left + marginX..<left + halfWidth - marginX, top + marginY..<top + halfHeight - marginY)
    }
}
