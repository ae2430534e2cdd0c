import PhotoPipeline
import PhotoTestKit
import TestKit
import Testing

@Suite struct ResizeAndDecodeTests {
    /// Compares the output with an independent area-average downscale of the source pixels.
    private func expectCloseToReference(
        _ photo: ProcessedPhoto, source: RGBImage, maxMeanError: Double = 4, minPSNR: Double = 32
    ) throws {
        let output = try JPEGDecoder.decode(photo.jpeg)
        let reference = TestImages.areaAverage(source, width: photo.width, height: photo.height)
        let error = TestImages.meanAbsoluteError(output, reference)
        let psnr = TestImages.psnr(output, reference)
        #expect(error < maxMeanError, "mean absolute error \(error)")
        #expect(psnr > minPSNR, "PSNR \(psnr) dB")
    }

    @Test func largeImagesAreFittedIntoTheBoxKeepingTheAspectRatio() throws {
        let processor = PhotoProcessor(options: Fixtures.options(box: 400))
        let wide = try processor.process(Fixtures.jpeg(width: 1200, height: 500))
        #expect(wide.width == 400 && wide.height == 167)
        let tall = try processor.process(Fixtures.jpeg(width: 300, height: 900))
        #expect(tall.width == 133 && tall.height == 400)
    }

    @Test func smallImagesAreNeverUpscaled() throws {
        let photo = try PhotoProcessor().process(Fixtures.jpeg(width: 300, height: 200))
        #expect(photo.width == 300 && photo.height == 200)
    }

    /// 1300 × 975 into a 500 box: DCT-scaled to 4/8 (650 × 488), then Lanczos-3 to 500 × 375.
    @Test func dctScalingPlusLanczosMatchesAnAreaAverageReference() throws {
        let source = TestImages.photoLike(width: 1300, height: 975)
        let jpeg = try JPEGEncoder.encode(source, quality: 95, subsampling: .s444)
        let photo = try PhotoProcessor(options: Fixtures.options(box: 500)).process(jpeg)
        #expect(photo.width == 500 && photo.height == 375)
        try expectCloseToReference(photo, source: source)
    }

    /// 1000 × 750 into a 500 box is exactly DCT scale 1/2 (no resampling pass at all).
    @Test func anExactDCTScaleMatchesTheReference() throws {
        let source = TestImages.photoLike(width: 1000, height: 750)
        let photo = try PhotoProcessor(options: Fixtures.options(box: 500)).process(
            JPEGEncoder.encode(source, quality: 95, subsampling: .s444))
        #expect(photo.width == 500 && photo.height == 375)
        try expectCloseToReference(photo, source: source)
    }

    /// 2100 × 1400 cannot use DCT scaling for a 2000 box (7/8 is too small), so the whole
    /// reduction is Lanczos.
    @Test func aSmallReductionIsDoneByLanczosAlone() throws {
        let source = TestImages.photoLike(width: 2100, height: 1400)
        let photo = try PhotoProcessor().process(JPEGEncoder.encode(source, quality: 95, subsampling: .s444))
        #expect(photo.width == 2000 && photo.height == 1333)
        try expectCloseToReference(photo, source: source)
    }

    @Test(arguments: JPEGEncoder.Subsampling.allCases, [false, true])
    func everySubsamplingBaselineAndProgressiveDecodes(subsampling: JPEGEncoder.Subsampling, progressive: Bool) throws {
        let source = TestImages.photoLike(width: 640, height: 480)
        let jpeg = try JPEGEncoder.encode(source, quality: 95, subsampling: subsampling, progressive: progressive)
        #expect(try JPEGInspector.inspect(jpeg).isProgressive == progressive)
        let photo = try PhotoProcessor(options: Fixtures.options(box: 320)).process(jpeg)
        #expect(photo.width == 320 && photo.height == 240)
        if subsampling == .gray {
            let output = try JPEGDecoder.decode(photo.jpeg)
            let p = output.pixel(x: 100, y: 100)
            #expect(abs(Int(p.red) - Int(p.green)) <= 3 && abs(Int(p.green) - Int(p.blue)) <= 3)
        } else {
            try expectCloseToReference(photo, source: source)
        }
    }

    @Test func grayscaleInputBecomesRGBOutputWithTheSameLuminance() throws {
        let gray = TestImages.quadrants(width: 64, height: 64, colors: [(30, 30, 30), (90, 90, 90), (160, 160, 160), (220, 220, 220)])
        let jpeg = try JPEGEncoder.encode(gray, quality: 95, subsampling: .gray)
        let output = try JPEGDecoder.decode(PhotoProcessor().process(jpeg).jpeg)
        let mean = TestImages.meanColor(output, x: 40, y: 40, width: 16, height: 16)
        #expect(abs(mean.0 - 220) < 6 && abs(mean.1 - 220) < 6 && abs(mean.2 - 220) < 6)
    }

    /// The fixture was written by ImageMagick as Adobe (inverted) YCCK from red, green,
    /// blue and white quadrants; reading it non-inverted would give their complements.
    @Test func invertedAdobeCMYKIsConvertedToTheRightRGBColours() throws {
        let photo = try PhotoProcessor().process(Fixtures.resource("cmyk-quadrants.jpg"))
        #expect(photo.width == 32 && photo.height == 32)
        let output = try JPEGDecoder.decode(photo.jpeg)
        let expected: [(Double, Double, Double)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
        for (index, color) in expected.enumerated() {
            let mean = TestImages.meanColor(output, x: index % 2 == 0 ? 4 : 20, y: index < 2 ? 4 : 20, width: 8, height: 8)
            #expect(abs(mean.0 - color.0) < 20 && abs(mean.1 - color.1) < 20 && abs(mean.2 - color.2) < 20, "quadrant \(index): \(mean)")
        }
    }
}
