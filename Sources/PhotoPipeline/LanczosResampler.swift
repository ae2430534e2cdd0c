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
        verticalRow(y, weights: weights, rowLength: rowLength, acc: acc, into: row) { tap in
            source + (weights.starts[y] + tap) * stride
        }
    }

    /// Output row `y` of the vertical pass, with source row `starts[y] + tap` wherever
    /// `sourceRow(tap)` says (a ring of rows, or a whole image). The one place the vertical
    /// sums are made, so every path gives the same bytes.
    @inline(__always)
    static func verticalRow(
        _ y: Int, weights: ResamplingWeights, rowLength: Int, acc: UnsafeMutableBufferPointer<Int32>,
        into row: UnsafeMutableBufferPointer<UInt8>, sourceRow: (Int) -> UnsafePointer<UInt8>
    ) {
        let half: Int32 = 1 << (ResamplingWeights.fractionBits - 1)
        let acc = acc.baseAddress!
        for x in 0..<rowLength { acc[x] = half }
        let count = weights.counts[y]
        weights.pairs.withUnsafeBufferPointer { pairs in
            // Two taps at a time; an odd last one is paired with itself, at weight 0.
            for tap in stride(from: 0, to: count, by: 2) {
                accumulate(
                    into: acc, sourceRow(tap), tap + 1 < count ? sourceRow(tap + 1) : sourceRow(tap),
                    pair: pairs.baseAddress! + y * weights.pairStride + tap / 2, count: rowLength)
            }
        }
        for x in 0..<rowLength { row[x] = clampShift(acc[x]) }
    }

    /// `acc[x] += a[x] · aWeight + b[x] · bWeight` for every `x < count`, the two taps
    /// being `pair`'s lanes 0 and 1 (`ResamplingWeights.pairs`).
    ///
    /// Eight columns at a time, the bytes of the two rows interleaved and widened to 16
    /// bits and the taps sign-extended from 16 bits, so the compiler multiplies and adds
    /// each pair in one SSE2 instruction (`pmaddwd`, seen in the release build's code);
    /// written plainly, a 32-bit multiply takes SSE2 six instructions and this pass was a
    /// fifth of a PNG's whole processing time. The sums are the same integers either way.
    @inline(__always)
    static func accumulate(
        into acc: UnsafeMutablePointer<Int32>, _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>,
        pair: UnsafePointer<SIMD8<Int16>>, count: Int
    ) {
        var x = 0
        while x + 8 <= count {
            let a8 = UnsafeRawPointer(a + x).loadUnaligned(as: SIMD8<UInt8>.self)
            let b8 = UnsafeRawPointer(b + x).loadUnaligned(as: SIMD8<UInt8>.self)
            let both = SIMD16<UInt8>(lowHalf: a8, highHalf: b8)
            let interleaved = SIMD16<UInt8>(
                both[0], both[8], both[1], both[9], both[2], both[10], both[3], both[11],
                both[4], both[12], both[5], both[13], both[6], both[14], both[7], both[15])
            let taps = SIMD8<Int32>(truncatingIfNeeded: pair.pointee)
            let low = SIMD8<Int32>(truncatingIfNeeded: SIMD8<Int16>(truncatingIfNeeded: interleaved.lowHalf)) &* taps
            let high = SIMD8<Int32>(truncatingIfNeeded: SIMD8<Int16>(truncatingIfNeeded: interleaved.highHalf)) &* taps
            let sums = UnsafeMutableRawPointer(acc + x)
            sums.storeBytes(of: sums.loadUnaligned(as: SIMD4<Int32>.self) &+ low.evenHalf &+ low.oddHalf, as: SIMD4<Int32>.self)
            sums.storeBytes(
                of: sums.loadUnaligned(fromByteOffset: 16, as: SIMD4<Int32>.self) &+ high.evenHalf &+ high.oddHalf, toByteOffset: 16,
                as: SIMD4<Int32>.self)
            x += 8
        }
        let (aWeight, bWeight) = (Int32(pair.pointee[0]), Int32(pair.pointee[1]))
        while x < count {
            acc[x] &+= Int32(a[x]) &* aWeight &+ Int32(b[x]) &* bWeight
            x += 1
        }
    }

    /// One row of the horizontal pass.
    ///
    /// Two taps at a time where it can: eight bytes from the first tap's pixel (its RGB, the
    /// next pixel's RGB, two more) widened to 16 bits and reordered to red, red, green,
    /// green, blue, blue, so the pair of taps (`ResamplingWeights.pairs`) multiplies and
    /// adds them as the vertical pass does (`pmaddwd`); the last two lanes are dropped. An
    /// odd last tap's partner has weight 0. The eight bytes may reach two pixels past the
    /// last tap, so the last outputs of a row, whose taps end within two pixels of the
    /// row's end, are summed one tap at a time. The sums are the same integers either way.
    @inline(__always)
    static func horizontalRow(
        _ row: UnsafePointer<UInt8>, weights: ResamplingWeights, width: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        let half: Int32 = 1 << (ResamplingWeights.fractionBits - 1)
        weights.weights.withUnsafeBufferPointer { taps in
            weights.pairs.withUnsafeBufferPointer { pairs in
                for x in 0..<width {
                    let start = weights.starts[x]
                    let count = weights.counts[x]
                    if start + count + 2 <= weights.sourceSize {
                        var sums = SIMD4<Int32>(repeating: half)
                        var pair = pairs.baseAddress! + x * weights.pairStride
                        for first in stride(from: start, to: start + count, by: 2) {
                            let bytes = UnsafeRawPointer(row + first * 3).loadUnaligned(as: SIMD8<UInt8>.self)
                            let words = SIMD8<Int16>(truncatingIfNeeded: bytes)
                            let channels = SIMD8<Int16>(words[0], words[3], words[1], words[4], words[2], words[5], 0, 0)
                            let products = SIMD8<Int32>(truncatingIfNeeded: channels) &* SIMD8<Int32>(truncatingIfNeeded: pair.pointee)
                            sums &+= products.evenHalf &+ products.oddHalf
                            pair += 1
                        }
                        out[x * 3] = clampShift(sums[0])
                        out[x * 3 + 1] = clampShift(sums[1])
                        out[x * 3 + 2] = clampShift(sums[2])
                        continue
                    }
                    var red = half
                    var green = red
                    var blue = red
                    var pixel = row + start * 3
                    var tap = taps.baseAddress! + x * weights.stride
                    for _ in 0..<count {
                        let weight = Int32(tap.pointee)
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

    /// Drops the fraction bits (rounding was added up front) and clamps Lanczos overshoot.
    @inline(__always)
    static func clampShift(_ value: Int32) -> UInt8 {
        UInt8(clamping: value >> ResamplingWeights.fractionBits)
    }
}
