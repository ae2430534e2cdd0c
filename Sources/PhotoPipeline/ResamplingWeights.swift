import Glibc

/// Precomputed Lanczos-3 filter taps for resampling one axis from `sourceSize` to
/// `destinationSize` samples, in 14-bit fixed point.
///
/// Taps are stored as `Int16`: a normalised Lanczos-3 tap stays well inside ±2 (the centre
/// tap is at most about 1.3 of the window's sum even where the border cuts the window), so
/// it fits, and multiplying a sign-extended 16-bit tap by a byte is what SSE2 does in one
/// instruction (`pmaddwd`) where a 32-bit multiply takes six; the sums stay `Int32`.
///
/// When shrinking, the kernel is stretched by the scale factor so every source pixel
/// contributes (proper antialiasing, unlike nearest-neighbour or plain bilinear). Each
/// output's taps are normalised so they sum to exactly `one`, which keeps flat areas flat.
struct ResamplingWeights {
    static let fractionBits: Int32 = 14
    static let one: Int32 = 1 << fractionBits

    /// The number of source samples.
    let sourceSize: Int
    /// First source index of each output sample.
    let starts: [Int]
    /// Number of taps of each output sample.
    let counts: [Int]
    /// Taps, `stride` per output sample (unused slots are zero).
    let weights: [Int16]
    let stride: Int
    /// The same taps two by two, each pair repeated across eight 16-bit lanes
    /// (`a, b, a, b, …`), `pairStride` per output sample: what the vertical pass multiplies
    /// eight columns of two source rows by (`LanczosResampler.accumulate`), and the
    /// horizontal pass two neighbouring pixels' channels (`horizontalRow`). Kept in memory
    /// rather than built from two taps where they are used, because only a vector loaded
    /// whole lets the compiler see its lanes are 16-bit and use `pmaddwd`.
    let pairs: [SIMD8<Int16>]
    let pairStride: Int

    init(sourceSize: Int, destinationSize: Int) {
        let scale = Double(sourceSize) / Double(destinationSize)
        let filterScale = max(scale, 1)
        let support = 3 * filterScale
        let stride = Int((support * 2).rounded(.up)) + 2
        var starts = [Int](repeating: 0, count: destinationSize)
        var counts = [Int](repeating: 0, count: destinationSize)
        var weights = [Int32](repeating: 0, count: destinationSize * stride)
        var taps = [Double](repeating: 0, count: stride)
        for index in 0..<destinationSize {
            let center = (Double(index) + 0.5) * scale
            let first = max(0, Int((center - support).rounded(.down)))
            let last = min(sourceSize - 1, Int((center + support).rounded(.up)), first + stride - 1)
            var total = 0.0
            for source in first...last {
                let value = Self.lanczos3((Double(source) + 0.5 - center) / filterScale)
                taps[source - first] = value
                total += value
            }
            if total == 0 { total = 1 }
            // Fixed point with the rounding remainder put on the largest tap.
            var fixedTotal: Int32 = 0
            var largest = 0
            for tap in 0...(last - first) {
                let fixed = Int32((taps[tap] / total * Double(Self.one)).rounded())
                weights[index * stride + tap] = fixed
                fixedTotal += fixed
                if abs(taps[tap]) > abs(taps[largest]) { largest = tap }
            }
            weights[index * stride + largest] += Self.one - fixedTotal
            starts[index] = first
            counts[index] = last - first + 1
        }
        self.starts = starts
        self.counts = counts
        let narrow = weights.map { tap in
            guard let narrow = Int16(exactly: tap) else { preconditionFailure("a Lanczos-3 tap of \(tap) does not fit 16 bits") }
            return narrow
        }
        let pairStride = (stride + 1) / 2
        var pairs = [SIMD8<Int16>](repeating: .zero, count: destinationSize * pairStride)
        for index in 0..<destinationSize {
            for pair in 0..<pairStride {
                let first = index * stride + 2 * pair
                let (a, b) = (narrow[first], 2 * pair + 1 < stride ? narrow[first + 1] : 0)
                pairs[index * pairStride + pair] = SIMD8(a, b, a, b, a, b, a, b)
            }
        }
        self.sourceSize = sourceSize
        self.weights = narrow
        self.stride = stride
        self.pairs = pairs
        self.pairStride = pairStride
    }

    /// sinc(x)·sinc(x/3) on |x| < 3, zero outside.
    static func lanczos3(_ x: Double) -> Double {
        let ax = abs(x)
        if ax < 1e-9 { return 1 }
        if ax >= 3 { return 0 }
        let pix = Double.pi * x
        return 3 * sin(pix) * sin(pix / 3) / (pix * pix)
    }
}
