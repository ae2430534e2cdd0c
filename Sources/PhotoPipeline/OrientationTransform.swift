/// Applies an EXIF orientation (1…8) to pixels so they come out upright.
///
/// EXIF describes how the stored pixels must be transformed for display; each case below
/// gives, for an output pixel (x, y), the stored pixel it comes from (stored size w × h).
enum OrientationTransform {
    static func apply(_ orientation: Int, to image: RGBImage) -> RGBImage {
        guard (2...8).contains(orientation) else { return image }
        let w = image.width
        let h = image.height
        let swapsAxes = orientation >= 5
        let outWidth = swapsAxes ? h : w
        let outHeight = swapsAxes ? w : h
        let pixels = [UInt8](unsafeUninitializedCapacity: w * h * 3) { output, initialized in
            image.pixels.withUnsafeBufferPointer { source in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        let (sx, sy): (Int, Int)
                        switch orientation {
                        case 2: (sx, sy) = (w - 1 - x, y)  // mirrored horizontally
                        case 3: (sx, sy) = (w - 1 - x, h - 1 - y)  // rotated 180°
                        case 4: (sx, sy) = (x, h - 1 - y)  // mirrored vertically
                        case 5: (sx, sy) = (y, x)  // transposed
                        case 6: (sx, sy) = (y, h - 1 - x)  // needs 90° clockwise
                        case 7: (sx, sy) = (w - 1 - y, h - 1 - x)  // transversed
                        default: (sx, sy) = (w - 1 - y, x)  // 8: needs 90° counter-clockwise
                        }
                        let from = (sy * w + sx) * 3
                        let to = (y * outWidth + x) * 3
                        output[to] = source[from]
                        output[to + 1] = source[from + 1]
                        output[to + 2] = source[from + 2]
                    }
                }
            }
            initialized = w * h * 3
        }
        return RGBImage(uncheckedWidth: outWidth, height: outHeight, pixels: pixels)
    }
}
