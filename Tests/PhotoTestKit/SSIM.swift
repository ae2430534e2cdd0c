import Foundation
package import PhotoPipeline

/// Structural similarity (Wang et al. 2004) between two images of the same size, the
/// measure the pixel checks use: an output that is upright, the same size and
/// looks like the reference scores close to 1, a rotated, mirrored, shifted, washed-out
/// or black one far below. The same definition as `scripts/ssim.py` (the benchmarks'):
/// luma (BT.601), an 11-tap Gaussian window with σ = 1.5 applied separably with mirrored
/// edges, K1 = 0.01, K2 = 0.03, the mean of the SSIM map. Written here, apart from the
/// pipeline, so a test compares the pipeline against an independent reference decode.
package enum SSIM {
    /// The mean SSIM of `a` and `b` (same width and height).
    package static func of(_ a: RGBImage, _ b: RGBImage) -> Double {
        precondition(a.width == b.width && a.height == b.height, "sizes differ: \(a.width)×\(a.height) vs \(b.width)×\(b.height)")
        let x = luma(a)
        let y = luma(b)
        let width = a.width
        let height = a.height
        let muX = blur(x, width: width, height: height)
        let muY = blur(y, width: width, height: height)
        let xx = blur(zip(x, x).map { $0 * $1 }, width: width, height: height)
        let yy = blur(zip(y, y).map { $0 * $1 }, width: width, height: height)
        let xy = blur(zip(x, y).map { $0 * $1 }, width: width, height: height)
        let c1 = (0.01 * 255) * (0.01 * 255)
        let c2 = (0.03 * 255) * (0.03 * 255)
        var total = 0.0
        for i in x.indices {
            let varX = xx[i] - muX[i] * muX[i]
            let varY = yy[i] - muY[i] * muY[i]
            let cov = xy[i] - muX[i] * muY[i]
            total +=
                ((2 * muX[i] * muY[i] + c1) * (2 * cov + c2))
                / ((muX[i] * muX[i] + muY[i] * muY[i] + c1) * (varX + varY + c2))
        }
        return total / Double(x.count)
    }

    static func luma(_ image: RGBImage) -> [Double] {
        (0..<(image.width * image.height)).map { (index: Int) -> Double in
            let red: Double = 0.299 * Double(image.pixels[index * 3])
            let green: Double = 0.587 * Double(image.pixels[index * 3 + 1])
            let blue: Double = 0.114 * Double(image.pixels[index * 3 + 2])
            return red + green + blue
        }
    }

    static let kernel: [Double] = {
        let raw = (-5...5).map { exp(-Double($0 * $0) / (2 * 1.5 * 1.5)) }
        let sum = raw.reduce(0, +)
        return raw.map { $0 / sum }
    }()

    /// numpy's "reflect" padding: -1 → 1, n → n - 2 (the edge sample is not repeated).
    static func reflect(_ index: Int, _ count: Int) -> Int {
        guard count > 1 else { return 0 }
        var i = index
        while i < 0 || i >= count { i = i < 0 ? -i : 2 * (count - 1) - i }
        return i
    }

    /// The separable Gaussian blur with reflected edges: along the rows, then down the
    /// columns.
    static func blur(_ plane: [Double], width: Int, height: Int) -> [Double] {
        let rows = convolved(plane, lines: height, length: width, lineStep: width, sampleStep: 1)
        return convolved(rows, lines: width, length: height, lineStep: 1, sampleStep: width)
    }

    /// `kernel` run along each of `lines` lines of `length` samples (a line starts every
    /// `lineStep` values, its samples are `sampleStep` apart), edges reflected. Through
    /// buffer pointers, with the reflected positions worked out once: the tests run
    /// unoptimised, where plain loops took tens of seconds on a 740-pixel-wide photo.
    static func convolved(_ plane: [Double], lines: Int, length: Int, lineStep: Int, sampleStep: Int) -> [Double] {
        let reach = kernel.count / 2
        let offsets = (-reach..<(length + reach)).map { reflect($0, length) * sampleStep }
        var out = [Double](repeating: 0, count: plane.count)
        kernel.withUnsafeBufferPointer { weights in
            plane.withUnsafeBufferPointer { plane in
                offsets.withUnsafeBufferPointer { offsets in
                    out.withUnsafeMutableBufferPointer { out in
                        for line in 0..<lines {
                            let start = line * lineStep
                            for index in 0..<length {
                                var sum = 0.0
                                for tap in 0..<weights.count { sum += weights[tap] * plane[start + offsets[index + tap]] }
                                out[start + index * sampleStep] = sum
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
