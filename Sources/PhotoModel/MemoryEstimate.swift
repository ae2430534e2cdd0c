/// The memory one photo is expected to need at the peak of its processing, estimated
/// from its header before any pixel is decoded.
///
/// It is what the decode budget refuses on and what the photo scheduler admits by, so a
/// hostile file that is small on disk but enormous to decode (a progressive CMYK JPEG of
/// 10000 × 10000 pixels, under a megabyte when flat, needs about 790 MiB) is turned away
/// without costing anything. The value is format-neutral: a JPEG's decoder figures come from
/// `JPEGMemoryEstimator`; a later decoder (HEIF, PNG) supplies its own `decoderBytes`
/// and `decodedBytes` and shares the stages after decoding
/// (`MemoryEstimate.afterDecoding`), which do not depend on the format.
///
/// Every part is an over-estimate by construction (buffers are counted as live whenever
/// they might be), so the estimate errs on refusing, never on running out of memory.
public struct MemoryEstimate: Sendable, Equatable, Codable {
    /// The encoded input, held in memory for the whole run (for a JPEG file, only the
    /// chunk `JPEGRowDecoder` reads at a time: the file is never held whole).
    public let inputBytes: Int
    /// What the decoder holds besides its output while it runs: for libjpeg the
    /// whole-image coefficient buffers of progressive files, row buffers and tables.
    public let decoderBytes: Int
    /// The decoded pixel buffer.
    public let decodedBytes: Int
    /// The most the stages after decoding (resampling, orientation, encoding within the
    /// byte budget) hold at once, the decoded buffer included while it is still alive.
    public let laterStagesBytes: Int

    public init(inputBytes: Int, decoderBytes: Int, decodedBytes: Int, laterStagesBytes: Int) {
        self.inputBytes = inputBytes
        self.decoderBytes = decoderBytes
        self.decodedBytes = decodedBytes
        self.laterStagesBytes = laterStagesBytes
    }

    /// The estimated peak: the input plus whichever stage holds the most, plus a margin
    /// of 1/16. The decoder's buffers are gone (freed by `tjDecompress2`) before
    /// resampling starts. The margin is for malloc's rounding and page granularity and
    /// whatever the stage formulas miss: without it the estimates came within 1 % of the
    /// measured peaks (see `DecodeBudgetTests.measured`), too close for a limit.
    public var peakBytes: Int {
        let stages = inputBytes + max(decoderBytes + decodedBytes, laterStagesBytes)
        return stages + stages / 16
    }

    /// `bytes` as whole mebibytes, rounded up, the unit the refusal message uses
    /// (`/usr/bin/time` and `top` count the same way).
    package static func megabytes(_ bytes: Int) -> Int {
        (bytes + (1 << 20) - 1) >> 20
    }
}
