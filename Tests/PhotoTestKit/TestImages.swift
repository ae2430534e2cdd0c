import Foundation
package import PhotoPipeline
import TestKit

/// Deterministic test images and independent image comparisons (area-average reference
/// downscale, mean absolute error, PSNR), kept separate from the code under test.
package enum TestImages {
    /// Four solid quadrants (top-left, top-right, bottom-left, bottom-right colours): any
    /// of the eight EXIF orientations rearranges them differently.
    package static func quadrants(width: Int, height: Int, colors: [(UInt8, UInt8, UInt8)]) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let color = colors[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
                let offset = (y * width + x) * 3
                pixels[offset] = color.0
                pixels[offset + 1] = color.1
                pixels[offset + 2] = color.2
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)!
    }

    /// A smooth, photo-like image: gradients and low-frequency waves, plus mild noise.
    package static func photoLike(width: Int, height: Int, seed: UInt64 = 1, noise: Int = 6) -> RGBImage {
        var random = SplitMix64(seed: seed)
        let columns = (0..<width).map { x -> (Double, Double) in
            let fx = Double(x) / Double(width)
            return (fx * 160, 40 * sin(fx * 9.0))
        }
        let rows = (0..<height).map { y -> (Double, Double) in
            let fy = Double(y) / Double(height)
            return (fy * 120, 35 * sin(fy * 7.0 + 1))
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let (cx, wx) = columns[x]
                let (ry, wy) = rows[y]
                let jitter = noise > 0 ? Double(Int(random.next() % UInt64(2 * noise + 1)) - noise) : 0
                let offset = (y * width + x) * 3
                pixels[offset] = clamp(40 + cx + wy + jitter)
                pixels[offset + 1] = clamp(60 + ry + wx + jitter)
                pixels[offset + 2] = clamp(200 - cx / 2 - ry / 2 + wx - wy + jitter)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)!
    }

    /// Uniform random noise: hard to compress, for byte-budget tests.
    package static func noise(width: Int, height: Int, seed: UInt64 = 7) -> RGBImage {
        var random = SplitMix64(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for index in pixels.indices { pixels[index] = UInt8(truncatingIfNeeded: random.next()) }
        return RGBImage(width: width, height: height, pixels: pixels)!
    }

    /// Box-filter downscale with fractional pixel coverage (each output pixel is the exact
    /// area average of the source rectangle it covers): a simple independent reference.
    package static func areaAverage(_ image: RGBImage, width: Int, height: Int) -> RGBImage {
        let horizontal = coverage(source: image.width, destination: width)
        let vertical = coverage(source: image.height, destination: height)
        var rows = [Double](repeating: 0, count: width * image.height * 3)
        for y in 0..<image.height {
            for (x, taps) in horizontal.enumerated() {
                for (sx, weight) in taps {
                    for c in 0..<3 { rows[(y * width + x) * 3 + c] += weight * Double(image.pixels[(y * image.width + sx) * 3 + c]) }
                }
            }
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for (y, taps) in vertical.enumerated() {
            for x in 0..<width {
                for c in 0..<3 {
                    var sum = 0.0
                    for (sy, weight) in taps { sum += weight * rows[(sy * width + x) * 3 + c] }
                    pixels[(y * width + x) * 3 + c] = clamp(sum)
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)!
    }

    /// Mean absolute difference per sample between two images of the same size.
    package static func meanAbsoluteError(_ a: RGBImage, _ b: RGBImage) -> Double {
        precondition(a.width == b.width && a.height == b.height, "sizes differ")
        var total = 0
        for index in a.pixels.indices { total += abs(Int(a.pixels[index]) - Int(b.pixels[index])) }
        return Double(total) / Double(a.pixels.count)
    }

    /// Peak signal-to-noise ratio in dB between two images of the same size.
    package static func psnr(_ a: RGBImage, _ b: RGBImage) -> Double {
        precondition(a.width == b.width && a.height == b.height, "sizes differ")
        var total = 0.0
        for index in a.pixels.indices {
            let d = Double(a.pixels[index]) - Double(b.pixels[index])
            total += d * d
        }
        let mse = total / Double(a.pixels.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// The mean colour of a rectangle, for checks robust to JPEG noise.
    package static func meanColor(_ image: RGBImage, x: Int, y: Int, width: Int, height: Int) -> (Double, Double, Double) {
        var sums = (0.0, 0.0, 0.0)
        for row in y..<(y + height) {
            for column in x..<(x + width) {
                let p = image.pixel(x: column, y: row)
                sums.0 += Double(p.red)
                sums.1 += Double(p.green)
                sums.2 += Double(p.blue)
            }
        }
        let n = Double(width * height)
        return (sums.0 / n, sums.1 / n, sums.2 / n)
    }

    private static func coverage(source: Int, destination: Int) -> [[(Int, Double)]] {
        let scale = Double(source) / Double(destination)
        return (0..<destination).map { index in
            let start = Double(index) * scale
            let end = start + scale
            var taps: [(Int, Double)] = []
            var sx = Int(start)
            while Double(sx) < end, sx < source {
                let overlap = min(end, Double(sx + 1)) - max(start, Double(sx))
                if overlap > 0 { taps.append((sx, overlap / scale)) }
                sx += 1
            }
            return taps
        }
    }

    private static func clamp(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
}
