/// What libjpeg-turbo (through `tjDecompress2`) allocates to decode a JPEG at a DCT
/// scale, from the header alone, following its source (jdcoefct.c, jdmainct.c,
/// jdsample.c of libjpeg-turbo 2.1).
///
/// The big term: a progressive file, or a sequential one whose components come in
/// separate scans, makes libjpeg keep the coefficients of the *whole* image, at full
/// size whatever the DCT scale: one 64 × 2-byte block per 8 × 8 pixels of every
/// component, each component's block grid rounded up to its sampling factors. That is
/// 8 bytes per pixel for 4:4:4 CMYK, 6 for 4:4:4 YCbCr, 3 for 4:2:0, 2 for grayscale,
/// and nothing for an ordinary (single-scan) baseline file, which is decoded one MCU row
/// at a time. On top come row buffers of the scaled width, which are small.
enum JPEGMemoryEstimator {
    /// Bytes libjpeg holds besides the output buffer while decoding `header` at
    /// `decodeWidth` (the DCT-scaled output width).
    static func decoderBytes(for header: JPEGHeader, decodeWidth: Int) -> Int {
        let components = componentsOrWorstCase(header)
        let rowBuffers = rowBufferBytes(components: components.count, decodeWidth: decodeWidth)
        guard header.needsWholeImageCoefficients else { return rowBuffers }
        return coefficientBytes(width: header.width, height: header.height, components: components) + rowBuffers
    }

    /// The whole-image coefficient buffers: per component, its blocks across and down
    /// (`ceil(size × factor / (8 × maximum factor))`, rounded up to a multiple of its
    /// factor as jdcoefct.c does) × 128 bytes.
    static func coefficientBytes(width: Int, height: Int, components: [JPEGComponent]) -> Int {
        let maxH = components.map(\.horizontalSampling).max() ?? 1
        let maxV = components.map(\.verticalSampling).max() ?? 1
        var total = 0
        for component in components {
            let across = roundUp(divideRoundingUp(width * component.horizontalSampling, 8 * maxH), to: component.horizontalSampling)
            let down = roundUp(divideRoundingUp(height * component.verticalSampling, 8 * maxV), to: component.verticalSampling)
            total += across * down * 64 * 2
        }
        return total
    }

    /// libjpeg's strip buffers: the main controller's context rows, the upsampler's and
    /// the colour converter's, all of the scaled width. Generously 96 rows per component
    /// (the real count is 2 × (max factor + 2) row groups of at most 8 rows, plus a few).
    private static func rowBufferBytes(components: Int, decodeWidth: Int) -> Int {
        roundUp(decodeWidth, to: 16) * components * 96
    }

    /// The header's components; a hand-built header without them counts as 4:4:4 with
    /// its component count (the most blocks that count can have).
    private static func componentsOrWorstCase(_ header: JPEGHeader) -> [JPEGComponent] {
        if !header.components.isEmpty { return header.components }
        return (0..<max(1, header.componentCount)).map { JPEGComponent(id: UInt8(truncatingIfNeeded: $0), horizontalSampling: 1, verticalSampling: 1) }
    }

    private static func divideRoundingUp(_ value: Int, _ divisor: Int) -> Int { (value + divisor - 1) / divisor }
    private static func roundUp(_ value: Int, to multiple: Int) -> Int { divideRoundingUp(value, multiple) * multiple }
}
