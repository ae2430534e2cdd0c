/// Separable two-pass Lanczos-3 resampling of an `RGBImage`, in integer arithmetic.
///
/// The vertical pass runs first: it accumulates whole source rows with one weight each,
/// a loop the compiler vectorises, and it shrinks the row count before the (scalar)
/// horizontal pass. The intermediate is rounded to 8 bits, as Pillow does.
enum LanczosResampler {
    static func resize(_ image: RGBImage, width: Int, height: Int) -> RGBImage {
        if width == image.width, height == image.height { return image }
        let vertical = verticalPass(image, height: height)
        return horizontalPass(vertical, width: width)
    }

    private static func verticalPass(_ image: RGBImage, height: Int) -> RGBImage {
        if height == image.height { return image }
        let weights = ResamplingWeights(sourceSize: image.height, destinationSize: height)
        let rowLength = image.width * 3
        var accumulator = [Int32](repeating: 0, count: rowLength)
        let pixels = [UInt8](unsafeUninitializedCapacity: rowLength * height) { output, initialized in
            image.pixels.withUnsafeBufferPointer { source in
                accumulator.withUnsafeMutableBufferPointer { acc in
                    for y in 0..<height {
                        for x in 0..<rowLength { acc[x] = 1 << (ResamplingWeights.fractionBits - 1) }
                        for tap in 0..<weights.counts[y] {
                            let weight = weights.weights[y * weights.stride + tap]
                            let row = source.baseAddress! + (weights.starts[y] + tap) * rowLength
                            for x in 0..<rowLength { acc[x] &+= Int32(row[x]) &* weight }
                        }
                        let out = output.baseAddress! + y * rowLength
                        for x in 0..<rowLength { out[x] = clampShift(acc[x]) }
                    }
                }
            }
            initialized = rowLength * height
        }
        return RGBImage(uncheckedWidth: image.width, height: height, pixels: pixels)
    }

    private static func horizontalPass(_ image: RGBImage, width: Int) -> RGBImage {
        if width == image.width { return image }
        let weights = ResamplingWeights(sourceSize: image.width, destinationSize: width)
        let sourceRow = image.width * 3
        let outputRow = width * 3
        let pixels = [UInt8](unsafeUninitializedCapacity: outputRow * image.height) { output, initialized in
            image.pixels.withUnsafeBufferPointer { source in
                weights.weights.withUnsafeBufferPointer { taps in
                    for y in 0..<image.height {
                        let row = source.baseAddress! + y * sourceRow
                        let out = output.baseAddress! + y * outputRow
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
            }
            initialized = outputRow * image.height
        }
        return RGBImage(uncheckedWidth: width, height: image.height, pixels: pixels)
    }

    /// Drops the fraction bits (rounding was added up front) and clamps Lanczos overshoot.
    @inline(__always)
    private static func clampShift(_ value: Int32) -> UInt8 {
        UInt8(clamping: value >> ResamplingWeights.fractionBits)
    }
}
