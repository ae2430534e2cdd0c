extension LanczosResampler {
    /// One 8-bit plane of a planar picture: rows `stride` bytes apart.
    struct Plane {
        let base: UnsafePointer<UInt8>
        let stride: Int
    }

    /// Resamples three planes of one size (red, green, blue: a decoder's planar RGB) into
    /// a new packed `width × height` RGB image, so the decoder's planes never have to be
    /// interleaved at full size first. The taps, sums and rounding are those of the packed
    /// `resize`, channel by channel, so both give the same bytes for the same picture:
    /// each plane's vertical pass goes into its own row, and one horizontal pass reads the
    /// three rows.
    static func resize(
        red: Plane, green: Plane, blue: Plane, sourceWidth: Int, sourceHeight: Int, width: Int, height: Int
    ) -> RGBImage {
        let vertical = ResamplingWeights(sourceSize: sourceHeight, destinationSize: height)
        let horizontal = ResamplingWeights(sourceSize: sourceWidth, destinationSize: width)
        let outputRowLength = width * 3
        var accumulator = [Int32](repeating: 0, count: sourceWidth)
        var rows = [UInt8](repeating: 0, count: sourceWidth * 3)
        let pixels = [UInt8](unsafeUninitializedCapacity: outputRowLength * height) { output, initialized in
            accumulator.withUnsafeMutableBufferPointer { acc in
                rows.withUnsafeMutableBufferPointer { rows in
                    /// Row `y` of `plane` at the output height: the source row itself, or
                    /// its vertical pass into the plane's own slot of `rows`.
                    func row(_ y: Int, of plane: Plane, slot: Int) -> UnsafePointer<UInt8> {
                        if height == sourceHeight { return plane.base + y * plane.stride }
                        let into = UnsafeMutableBufferPointer(rebasing: rows[(slot * sourceWidth)..<((slot + 1) * sourceWidth)])
                        verticalRow(y, weights: vertical, source: plane.base, stride: plane.stride, rowLength: sourceWidth, acc: acc, into: into)
                        return UnsafePointer(into.baseAddress!)
                    }
                    for y in 0..<height {
                        let (r, g, b) = (row(y, of: red, slot: 0), row(y, of: green, slot: 1), row(y, of: blue, slot: 2))
                        horizontalRow(
                            red: r, green: g, blue: b, weights: horizontal, sameWidth: width == sourceWidth,
                            width: width, into: output.baseAddress! + y * outputRowLength)
                    }
                }
            }
            initialized = outputRowLength * height
        }
        return RGBImage(uncheckedWidth: width, height: height, pixels: pixels)
    }

    /// One output row of the horizontal pass from three single-channel rows; at the same
    /// width, the rows are only interleaved (as the packed `resize` copies them).
    @inline(__always)
    private static func horizontalRow(
        red: UnsafePointer<UInt8>, green: UnsafePointer<UInt8>, blue: UnsafePointer<UInt8>, weights: ResamplingWeights,
        sameWidth: Bool, width: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        if sameWidth {
            for x in 0..<width {
                out[x * 3] = red[x]
                out[x * 3 + 1] = green[x]
                out[x * 3 + 2] = blue[x]
            }
            return
        }
        weights.weights.withUnsafeBufferPointer { taps in
            for x in 0..<width {
                var redSum: Int32 = 1 << (ResamplingWeights.fractionBits - 1)
                var greenSum = redSum
                var blueSum = redSum
                let start = weights.starts[x]
                var tap = taps.baseAddress! + x * weights.stride
                for offset in start..<(start + weights.counts[x]) {
                    let weight = Int32(tap.pointee)
                    redSum &+= Int32(red[offset]) &* weight
                    greenSum &+= Int32(green[offset]) &* weight
                    blueSum &+= Int32(blue[offset]) &* weight
                    tap += 1
                }
                out[x * 3] = clampShift(redSum)
                out[x * 3 + 1] = clampShift(greenSum)
                out[x * 3 + 2] = clampShift(blueSum)
            }
        }
    }
}
