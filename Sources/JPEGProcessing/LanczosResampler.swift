/// Separable two-pass Lanczos-3 resampling of an `RGBImage`, in integer arithmetic.
///
/// The passes are fused per output row: the vertical taps of one output row are summed
/// across whole source rows (a loop the compiler vectorises), rounded to one 8-bit row,
/// and that row is immediately filtered horizontally into the output. So the only
/// intermediate is a single row, not a second full-size image (this is the hot path, and
/// peak memory matters as much as speed). Rounding the intermediate to 8 bits is what
/// Pillow does too.
enum LanczosResampler {
    static func resize(_ image: RGBImage, width: Int, height: Int) -> RGBImage {
        if width == image.width, height == image.height { return image }
        let vertical = ResamplingWeights(sourceSize: image.height, destinationSize: height)
        let horizontal = ResamplingWeights(sourceSize: image.width, destinationSize: width)
        let sourceRowLength = image.width * 3
        let outputRowLength = width * 3
        var accumulator = [Int32](repeating: 0, count: sourceRowLength)
        var row = [UInt8](repeating: 0, count: sourceRowLength)
        let pixels = [UInt8](unsafeUninitializedCapacity: outputRowLength * height) { output, initialized in
            image.pixels.withUnsafeBufferPointer { source in
                accumulator.withUnsafeMutableBufferPointer { acc in
                    row.withUnsafeMutableBufferPointer { row in
                        for y in 0..<height {
                            let rowStart: UnsafePointer<UInt8>
                            if height == image.height {
                                rowStart = source.baseAddress! + y * sourceRowLength
                            } else {
                                verticalRow(y, weights: vertical, source: source.baseAddress!, rowLength: sourceRowLength, acc: acc, into: row)
                                rowStart = UnsafePointer(row.baseAddress!)
                            }
                            let out = output.baseAddress! + y * outputRowLength
                            if width == image.width {
                                out.update(from: rowStart, count: outputRowLength)
                            } else {
                                horizontalRow(rowStart, weights: horizontal, width: width, into: out)
                            }
                        }
                    }
                }
            }
            initialized = outputRowLength * height
        }
        return RGBImage(uncheckedWidth: width, height: height, pixels: pixels)
    }

    /// Output row `y` of the vertical pass, over full source rows.
    @inline(__always)
    private static func verticalRow(
        _ y: Int, weights: ResamplingWeights, source: UnsafePointer<UInt8>, rowLength: Int,
        acc: UnsafeMutableBufferPointer<Int32>, into row: UnsafeMutableBufferPointer<UInt8>
    ) {
        let half: Int32 = 1 << (ResamplingWeights.fractionBits - 1)
        for x in 0..<rowLength { acc[x] = half }
        for tap in 0..<weights.counts[y] {
            let weight = weights.weights[y * weights.stride + tap]
            let sourceRow = source + (weights.starts[y] + tap) * rowLength
            for x in 0..<rowLength { acc[x] &+= Int32(sourceRow[x]) &* weight }
        }
        for x in 0..<rowLength { row[x] = clampShift(acc[x]) }
    }

    /// One row of the horizontal pass.
    @inline(__always)
    private static func horizontalRow(
        _ row: UnsafePointer<UInt8>, weights: ResamplingWeights, width: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        weights.weights.withUnsafeBufferPointer { taps in
            for x in 0..<width {
                var red: Int32 = 1 << (ResamplingWeights.fractionBits - 1)
                var green = red
                var blue = red
                var pixel = row + weights.starts[x] * 3
                var tap = taps.baseAddress! + x * weights.stride
                for _ in 0..<weights.counts[x] {
                    let weight = tap.pointee
                    red &+= Int32(pixel[0]) &* weight
                    green &+= Int32(pixel[1]) &* weight
                    blue &+= Int32(pixel[2]) &* weight
                    pixel += 3
                    tap += 1
                }
                out[x * 3] = clampShift(red)
                out[x * 3 + 1] = clampShift(green)
                out[x * 3 + 2] = clampShift(blue)
            }
        }
    }

    /// Drops the fraction bits (rounding was added up front) and clamps Lanczos overshoot.
    @inline(__always)
    private static func clampShift(_ value: Int32) -> UInt8 {
        UInt8(clamping: value >> ResamplingWeights.fractionBits)
    }
}
