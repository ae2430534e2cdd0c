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
        return image.pixels.withUnsafeBufferPointer { source in
            resize(
                rows: source.baseAddress!, stride: image.width * 3, sourceWidth: image.width, sourceHeight: image.height,
                width: width, height: height)
        }
    }

    /// Resamples packed RGB rows `stride` bytes apart (a decoder's own buffer, which may pad
    /// its rows) into a new `width × height` image; the same size is a packed copy.
    static func resize(
        rows source: UnsafePointer<UInt8>, stride: Int, sourceWidth: Int, sourceHeight: Int, width: Int, height: Int
    ) -> RGBImage {
        let vertical = ResamplingWeights(sourceSize: sourceHeight, destinationSize: height)
        let horizontal = ResamplingWeights(sourceSize: sourceWidth, destinationSize: width)
        let sourceRowLength = sourceWidth * 3
        let outputRowLength = width * 3
        var accumulator = [Int32](repeating: 0, count: sourceRowLength)
        var row = [UInt8](repeating: 0, count: sourceRowLength)
        let pixels = [UInt8](unsafeUninitializedCapacity: outputRowLength * height) { output, initialized in
            accumulator.withUnsafeMutableBufferPointer { acc in
                row.withUnsafeMutableBufferPointer { row in
                    for y in 0..<height {
                        let rowStart: UnsafePointer<UInt8>
                        if height == sourceHeight {
                            rowStart = source + y * stride
                        } else {
                            verticalRow(y, weights: vertical, source: source, stride: stride, rowLength: sourceRowLength, acc: acc, into: row)
                            rowStart = UnsafePointer(row.baseAddress!)
                        }
                        let out = output.baseAddress! + y * outputRowLength
                        if width == sourceWidth {
                            out.update(from: rowStart, count: outputRowLength)
                        } else {
                            horizontalRow(rowStart, weights: horizontal, width: width, into: out)
                        }
                    }
                }
            }
            initialized = outputRowLength * height
        }
        return RGBImage(uncheckedWidth: width, height: height, pixels: pixels)
    }

    /// `resize` within `image`'s own buffer when both sides shrink (or stay): output row
    /// `y` is written over source rows no later output row reads (their taps start at or
    /// after `ResamplingWeights.starts[y + 1]`, which never decrease), after waiting in a
    /// ring of a few rows until that is so. So the pipeline never holds the decoded and
    /// the fitted image at once: for a 48 MP photo decoded at 2016 × 1512 that is 9 MB
    /// less at the peak. The buffer keeps its capacity (the decoded size); the image's
    /// count becomes `width × height × 3`. Anything that grows falls back to `resize`.
    static func resizeInPlace(_ image: inout RGBImage, width: Int, height: Int) {
        if width == image.width, height == image.height { return }
        guard width <= image.width, height <= image.height else {
            image = resize(image, width: width, height: height)
            return
        }
        let sourceWidth = image.width
        let sourceHeight = image.height
        let vertical = ResamplingWeights(sourceSize: sourceHeight, destinationSize: height)
        let horizontal = ResamplingWeights(sourceSize: sourceWidth, destinationSize: width)
        let sourceRowLength = sourceWidth * 3
        let outputRowLength = width * 3
        /// The first source row output rows after `y` read.
        func nextSourceRow(after y: Int) -> Int {
            guard y + 1 < height else { return Int.max / sourceRowLength }
            return height == sourceHeight ? y + 1 : vertical.starts[y + 1]
        }
        /// Whether output row `row` may overwrite the source after output row `y` is made.
        func canWrite(_ row: Int, after y: Int) -> Bool {
            (row + 1) * outputRowLength <= nextSourceRow(after: y) * sourceRowLength
        }
        // How many output rows wait at most: the ring's size.
        var ringRows = 1
        var firstPending = 0
        for y in 0..<height {
            ringRows = max(ringRows, y - firstPending + 1)
            while firstPending <= y, canWrite(firstPending, after: y) { firstPending += 1 }
        }

        var pixels = image.pixels
        image = RGBImage(uncheckedWidth: 1, height: 1, pixels: [0, 0, 0])  // `pixels` is now the only reference
        var accumulator = [Int32](repeating: 0, count: sourceRowLength)
        var row = [UInt8](repeating: 0, count: sourceRowLength)
        var ring = [UInt8](repeating: 0, count: ringRows * outputRowLength)
        pixels.withUnsafeMutableBufferPointer { buffer in
            accumulator.withUnsafeMutableBufferPointer { acc in
                row.withUnsafeMutableBufferPointer { row in
                    ring.withUnsafeMutableBufferPointer { ring in
                        let base = buffer.baseAddress!
                        var firstPending = 0
                        for y in 0..<height {
                            let rowStart: UnsafePointer<UInt8>
                            if height == sourceHeight {
                                rowStart = UnsafePointer(base + y * sourceRowLength)
                            } else {
                                verticalRow(
                                    y, weights: vertical, source: UnsafePointer(base), stride: sourceRowLength, rowLength: sourceRowLength,
                                    acc: acc, into: row)
                                rowStart = UnsafePointer(row.baseAddress!)
                            }
                            let slot = ring.baseAddress! + (y % ringRows) * outputRowLength
                            if width == sourceWidth {
                                slot.update(from: rowStart, count: outputRowLength)
                            } else {
                                horizontalRow(rowStart, weights: horizontal, width: width, into: slot)
                            }
                            while firstPending <= y, canWrite(firstPending, after: y) {
                                let pending = ring.baseAddress! + (firstPending % ringRows) * outputRowLength
                                (base + firstPending * outputRowLength).update(from: pending, count: outputRowLength)
                                firstPending += 1
                            }
                        }
                    }
                }
            }
        }
        pixels.removeLast(pixels.count - outputRowLength * height)
        image = RGBImage(uncheckedWidth: width, height: height, pixels: pixels)
    }

    /// Output row `y` of the vertical pass, over full source rows `stride` bytes apart.
    @inline(__always)
    static func verticalRow(
        _ y: Int, weights: ResamplingWeights, source: UnsafePointer<UInt8>, stride: Int, rowLength: Int,
        acc: UnsafeMutableBufferPointer<Int32>, into row: UnsafeMutableBufferPointer<UInt8>
    ) {
        let half: Int32 = 1 << (ResamplingWeights.fractionBits - 1)
        for x in 0..<rowLength { acc[x] = half }
        for tap in 0..<weights.counts[y] {
            let weight = weights.weights[y * weights.stride + tap]
            let sourceRow = source + (weights.starts[y] + tap) * stride
            for x in 0..<rowLength { acc[x] &+= Int32(sourceRow[x]) &* weight }
        }
        for x in 0..<rowLength { row[x] = clampShift(acc[x]) }
    }

    /// One row of the horizontal pass.
    @inline(__always)
    static func horizontalRow(
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
    static func clampShift(_ value: Int32) -> UInt8 {
        UInt8(clamping: value >> ResamplingWeights.fractionBits)
    }
}
