import ImageTestKit
import PhotoPipeline
import TestKit
import Testing

/// The decode memory budget: the estimate read from the header, and refusal before
/// decoding of files that are small on disk but enormous to decode.
@Suite struct DecodeBudgetTests {
    /// Peaks measured once (2026-12-01) with `/usr/bin/time -v grain-stories photo
    /// process IN OUT --max-decode-bytes 4000000000` (debug build, libjpeg-turbo 2.1.5,
    /// Debian 12): maximum RSS minus the 30.6 MiB the same command peaks at for a 24 × 32
    /// photo (the process itself, which one photo more does not add to). The inputs are
    /// these `FlatJPEG` files (the byte count pins them), so the table can be measured
    /// again at any time; the estimate (with its 1/16 margin) is in the last comment.
    ///
    /// The same measurement on photo-like files (gradient and noise, cjpeg -quality 92),
    /// as peak above the process / estimate: 4000 × 3000 4:2:0 baseline 5.5 MB, 14 / 74;
    /// its progressive 5.0 MB, 45 / 74; 4:4:4 progressive 10 MB, 84 / 98; 8064 × 6048
    /// 4:2:0 baseline 22 MB, 36 / 91; its progressive 20 MB, 165 / 183 (MiB).
    /// (width, height, layout, coding, file bytes, measured peak in MiB above the process)
    static let measured: [(Int, Int, FlatJPEG.Layout, FlatJPEG.Coding, Int, Int)] = [
        (10_000, 10_000, .cmyk, .progressive, 782_139, 785),  // estimate 842
        (10_000, 10_000, .ycbcr(subsampled: false), .progressive, 586_647, 588),  // 633
        (10_000, 10_000, .ycbcr(subsampled: true), .progressive, 293_426, 302),  // 329
        (10_000, 10_000, .ycbcr(subsampled: false), .baselineSeparateScans, 1_172_055, 589),  // 634
        (10_000, 10_000, .cmyk, .baseline, 1_562_667, 35),  // 91
        (8064, 6048, .ycbcr(subsampled: true), .progressive, 143_215, 146),  // 163
        (8064, 6048, .ycbcr(subsampled: true), .baseline, 285_932, 16),  // 69
        (4000, 3000, .ycbcr(subsampled: true), .baseline, 70_664, 6),  // 69
    ]

    @Test(arguments: 0..<measured.count)
    func theEstimateIsAtLeastTheMeasuredPeak(row: Int) throws {
        let (width, height, layout, coding, bytes, peak) = Self.measured[row]
        let jpeg = FlatJPEG.make(width: width, height: height, layout: layout, coding: coding)
        #expect(jpeg.count == bytes, "the file that was measured")
        let unlimited = PhotoProcessor(options: PhotoProcessingOptions(maxDecodeBytes: Int.max))
        let estimate = try unlimited.memoryEstimate(jpeg)
        #expect(estimate.peakBytes >= peak << 20, "\(width)×\(height) \(layout) \(coding): estimated \(estimate.peakBytes >> 20) MiB")
        // Conservative, but not absurdly so: within 1.5× + 90 MiB of what was measured.
        #expect(estimate.peakBytes <= peak << 20 + peak << 19 + 90 << 20)
    }

    /// The attacker's file: 10000 × 10000 progressive CMYK, 0.8 MB on disk and about
    /// 790 MiB to decode (842 estimated). It is refused from its header, before TurboJPEG sees it (a
    /// decode of it would fail as nothing else: the data is valid).
    @Test func aProgressiveCMYKBombIsRefusedBeforeDecoding() throws {
        let bomb = FlatJPEG.make(width: 10_000, height: 10_000, layout: .cmyk, coding: .progressive)
        #expect(bomb.count < 2_000_000)
        #expect {
            _ = try PhotoProcessor().process(bomb)
        } throws: { error in
            guard case PhotoProcessingError.needsTooMuchMemory(let estimated, let limit) = error else { return false }
            return estimated >= 800_000_000 && limit == 256 << 20
        }
        let error = PhotoProcessingError.needsTooMuchMemory(estimatedBytes: 859_000_000, limit: 256 << 20)
        #expect(error.userMessage == "This photo would need about 820 MB to decode; the limit is 256 MB. Try a smaller photo.")
        #expect(error.isBadInput)
    }

    @Test func aProgressive444BombIsRefusedToo() throws {
        let bomb = FlatJPEG.make(width: 10_000, height: 10_000, layout: .ycbcr(subsampled: false), coding: .progressive)
        #expect(throws: PhotoProcessingError.self) { try PhotoProcessor().memoryEstimate(bomb) }
        let estimate = try PhotoProcessor(options: PhotoProcessingOptions(maxDecodeBytes: Int.max)).memoryEstimate(bomb)
        #expect(estimate.decoderBytes >= 600_000_000, "6 bytes of coefficients per pixel")
    }

    /// A sequential file whose components come in separate scans makes libjpeg buffer
    /// the whole image just like a progressive one; SOF0 alone must not fool the budget.
    @Test func baselineWithSeparateScansCountsTheWholeImageBuffer() throws {
        let interleaved = try JPEGInspector.inspect(FlatJPEG.make(width: 800, height: 600, layout: .ycbcr(subsampled: false), coding: .baseline))
        let separate = try JPEGInspector.inspect(FlatJPEG.make(width: 800, height: 600, layout: .ycbcr(subsampled: false), coding: .baselineSeparateScans))
        #expect(interleaved.firstScanComponentCount == 3 && !interleaved.needsWholeImageCoefficients)
        #expect(separate.frameType == 0 && separate.firstScanComponentCount == 1 && separate.needsWholeImageCoefficients)
        let bomb = FlatJPEG.make(width: 10_000, height: 10_000, layout: .ycbcr(subsampled: false), coding: .baselineSeparateScans)
        #expect(throws: PhotoProcessingError.self) { try PhotoProcessor().memoryEstimate(bomb) }
    }

    @Test func theHeaderCarriesSamplingFactors() throws {
        let header = try JPEGInspector.inspect(FlatJPEG.make(width: 64, height: 48, layout: .ycbcr(subsampled: true), coding: .progressive))
        #expect(header.components.map(\.horizontalSampling) == [2, 1, 1])
        #expect(header.components.map(\.verticalSampling) == [2, 1, 1])
        #expect(header.isProgressive && header.needsWholeImageCoefficients)
    }

    /// Ordinary phone photos always pass the default budget: 12 MP and 48 MP baseline
    /// 4:2:0, and even a 48 MP progressive one.
    @Test(arguments: [(4000, 3000, FlatJPEG.Coding.baseline), (8064, 6048, .baseline), (8064, 6048, .progressive)])
    func phonePhotosFitTheDefaultBudget(width: Int, height: Int, coding: FlatJPEG.Coding) throws {
        let photo = FlatJPEG.make(width: width, height: height, layout: .ycbcr(subsampled: true), coding: coding)
        let estimate = try PhotoProcessor().memoryEstimate(photo)
        #expect(estimate.peakBytes <= PhotoProcessingOptions.defaultMaxDecodeBytes)
    }

    @Test func theBudgetIsConfigurableAndCheckedByProcess() throws {
        let jpeg = try Fixtures.jpeg(width: 300, height: 200)
        let estimate = try PhotoProcessor().memoryEstimate(jpeg)
        let strict = PhotoProcessor(options: PhotoProcessingOptions(maxDecodeBytes: estimate.peakBytes - 1))
        #expect(throws: PhotoProcessingError.needsTooMuchMemory(estimatedBytes: estimate.peakBytes, limit: estimate.peakBytes - 1)) {
            try strict.process(jpeg)
        }
        let exact = PhotoProcessor(options: PhotoProcessingOptions(maxDecodeBytes: estimate.peakBytes))
        #expect(try exact.process(jpeg).width == 300)
    }

    /// The pixel limit still comes first, so a bomb too large in both ways is named by
    /// its size, as before.
    @Test func thePixelLimitIsReportedBeforeTheMemoryBudget() {
        let bomb = FlatJPEG.make(width: 20_000, height: 20_000, layout: .cmyk, coding: .progressive)
        #expect(throws: PhotoProcessingError.tooManyPixels(width: 20_000, height: 20_000, limit: 100_000_000)) {
            try PhotoProcessor().memoryEstimate(bomb)
        }
    }
}
