extension MemoryEstimate {
    /// Fixed allowance for what no size formula covers: libjpeg's pools and Huffman
    /// tables, the TurboJPEG handles, resampling weights' bookkeeping, malloc slack.
    static let fixedOverheadBytes = 4 << 20

    /// The estimate for a photo whose decoder needs `decoderBytes` besides its output and
    /// produces `decodedWidth × decodedHeight` pixels of `decodedChannels` bytes, which the
    /// pipeline then fits to `fittedWidth × fittedHeight` and encodes. Shared by every
    /// input format: everything after decoding is the same `RGBImage` pipeline.
    ///
    /// The stages it takes the maximum of, following `PhotoProcessor` step by step:
    /// - resampling (`LanczosResampler.resizeInPlace`, which writes the fitted image over
    ///   the decoded one): the decoded buffer, one `Int32` accumulator row and one byte
    ///   row of the decoded width, the ring of output rows waiting to be written (at most
    ///   one per vertical tap) and the weights;
    /// - orientation: the decoded buffer (now holding the fitted image) and the rotated copy;
    /// - encoding (`BudgetedEncoder`): the upright image (still in the decoded buffer when
    ///   nothing was rotated), one shrunk copy, TurboJPEG's worst-case output buffer
    ///   (`tjBufSize`) and up to four encoded copies of at most that size (the first
    ///   attempt, the floor, the best and the current attempt).
    /// A CMYK decode keeps its 4-byte-per-pixel buffer after the in-place conversion to
    /// RGB (the array's capacity does not shrink), so `decodedChannels` stays 4 for it.
    public static func afterDecoding(
        inputBytes: Int, decoderBytes: Int, decodedWidth: Int, decodedHeight: Int, decodedChannels: Int,
        fittedWidth: Int, fittedHeight: Int
    ) -> MemoryEstimate {
        let decoded = decodedWidth * decodedHeight * decodedChannels
        let fitted = fittedWidth * fittedHeight * 3
        let resampledRows = decodedWidth * 3 * (4 + 1)
        let waitingRows = fittedWidth * 3 * tapStride(source: decodedHeight, destination: fittedHeight)
        let weights =
            weightBytes(source: decodedWidth, destination: fittedWidth)
            + weightBytes(source: decodedHeight, destination: fittedHeight)
        let resampling = decoded + resampledRows + waitingRows + weights
        let orientation = decoded + fitted
        let encoderBuffer = turboJPEGBufferSize(width: fittedWidth, height: fittedHeight)
        let encoding = max(decoded, fitted) + fitted + 5 * encoderBuffer
        return MemoryEstimate(
            inputBytes: inputBytes, decoderBytes: decoderBytes + fixedOverheadBytes, decodedBytes: decoded,
            laterStagesBytes: max(resampling, orientation, encoding) + fixedOverheadBytes)
    }

    /// `ResamplingWeights` for one axis: `Int32` taps (`stride` per output sample) and
    /// two `Int` arrays of starts and counts.
    private static func weightBytes(source: Int, destination: Int) -> Int {
        guard destination > 0 else { return 0 }
        return destination * (tapStride(source: source, destination: destination) * 4 + 16)
    }

    /// `ResamplingWeights.stride`: the most taps one output sample has.
    private static func tapStride(source: Int, destination: Int) -> Int {
        guard destination > 0 else { return 0 }
        let scale = max(Double(source) / Double(destination), 1)
        return Int((6 * scale).rounded(.up)) + 2
    }

    /// TurboJPEG's `tjBufSize` for 4:2:0 (what the encoder allocates): the size padded to
    /// whole 16 × 16 MCUs, 3 bytes per pixel, plus 2048.
    static func turboJPEGBufferSize(width: Int, height: Int) -> Int {
        let paddedWidth = (width + 15) / 16 * 16
        let paddedHeight = (height + 15) / 16 * 16
        return paddedWidth * paddedHeight * 3 + 2048
    }
}
