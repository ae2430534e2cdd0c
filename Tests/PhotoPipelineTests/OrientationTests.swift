import ImageTestKit
import PhotoPipeline
import PhotoTestKit
import Testing

@Suite struct OrientationTests {
    static let red: (UInt8, UInt8, UInt8) = (230, 20, 20)
    static let green: (UInt8, UInt8, UInt8) = (20, 210, 20)
    static let blue: (UInt8, UInt8, UInt8) = (20, 20, 230)
    static let white: (UInt8, UInt8, UInt8) = (240, 240, 240)

    /// Where the upright pixel (x, y) of a W × H picture is *stored* for each orientation
    /// (the camera's view), written from the EXIF definitions independently of the code:
    /// 2 mirrored, 3 upside down, 4 flipped, 5 transposed, 6 stored rotated 90° counter-
    /// clockwise (display turns it clockwise), 7 transversed, 8 stored rotated clockwise.
    static func storedPosition(_ orientation: Int, x: Int, y: Int, width w: Int, height h: Int) -> (Int, Int) {
        switch orientation {
        case 2: return (w - 1 - x, y)
        case 3: return (w - 1 - x, h - 1 - y)
        case 4: return (x, h - 1 - y)
        case 5: return (y, x)
        case 6: return (y, w - 1 - x)
        case 7: return (h - 1 - y, w - 1 - x)
        case 8: return (h - 1 - y, x)
        default: return (x, y)
        }
    }

    @Test(arguments: 1...8)
    func pixelsComeOutUprightForEveryOrientation(orientation: Int) throws {
        let (width, height) = (64, 48)
        let upright = TestImages.quadrants(width: width, height: height, colors: [Self.red, Self.green, Self.blue, Self.white])
        let swaps = orientation >= 5
        let storedWidth = swaps ? height : width
        let storedHeight = swaps ? width : height
        var stored = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let (sx, sy) = Self.storedPosition(orientation, x: x, y: y, width: width, height: height)
                let p = upright.pixel(x: x, y: y)
                let offset = (sy * storedWidth + sx) * 3
                stored[offset] = p.red
                stored[offset + 1] = p.green
                stored[offset + 2] = p.blue
            }
        }
        var exif = EXIFBuilder()
        exif.orientation = UInt16(orientation)
        let storedImage = try #require(RGBImage(width: storedWidth, height: storedHeight, pixels: stored))
        let input = JPEGTestTools.insertingAfterSOI(
            exif.app1Segment(), into: try JPEGEncoder.encode(storedImage, quality: 95, subsampling: .s444))

        let photo = try PhotoProcessor().process(input)
        #expect(photo.appliedOrientation == orientation)
        #expect(photo.width == width && photo.height == height)
        let output = try JPEGDecoder.decode(photo.jpeg)
        // The centre of each quadrant must hold the upright colour.
        let expected = [Self.red, Self.green, Self.blue, Self.white]
        for (index, color) in expected.enumerated() {
            let x = index % 2 == 0 ? 8 : width / 2 + 8
            let y = index < 2 ? 8 : height / 2 + 8
            let mean = TestImages.meanColor(output, x: x, y: y, width: 16, height: 8)
            #expect(abs(mean.0 - Double(color.0)) < 12, "orientation \(orientation), quadrant \(index) red")
            #expect(abs(mean.1 - Double(color.1)) < 12, "orientation \(orientation), quadrant \(index) green")
            #expect(abs(mean.2 - Double(color.2)) < 12, "orientation \(orientation), quadrant \(index) blue")
        }
    }
}
