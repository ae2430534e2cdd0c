import PhotoPipeline
import PhotoTestKit
import TestKit
import Testing

@Suite struct ByteBudgetTests {
    @Test func theInitialQualityIsUsedWhenItFits() throws {
        let photo = try PhotoProcessor().process(Fixtures.jpeg(width: 400, height: 300))
        #expect(photo.quality == 95, "the documented default quality")
        #expect(photo.byteCount <= 5_000_000)
    }

    /// A noisy image whose quality-90 encoding is too big but whose minimum-quality one fits:
    /// the search must land on the highest quality that fits.
    @Test func theQualitySearchFindsTheHighestQualityThatFits() throws {
        let image = TestImages.noise(width: 400, height: 300)
        let jpeg = try JPEGEncoder.encode(image, quality: 100, subsampling: .s444)
        let atNinety = try JPEGEncoder.encode(image, quality: 90).count
        let atForty = try JPEGEncoder.encode(image, quality: 40).count
        let budget = (atNinety + atForty) / 2
        let photo = try PhotoProcessor(options: Fixtures.options(budget: budget)).process(jpeg)
        #expect(photo.byteCount <= budget)
        #expect(photo.quality > 40 && photo.quality < 90)
        #expect(photo.width == 400 && photo.height == 300)
        // One step higher would not have fitted: forcing it makes the pipeline shrink.
        let higher = PhotoProcessingOptions(byteBudget: budget, initialQuality: photo.quality + 1, minimumQuality: photo.quality + 1)
        let forced = try PhotoProcessor(options: higher).process(jpeg)
        #expect(forced.width < 400)
    }

    @Test func aTinyBudgetShrinksTheImageUntilItFits() throws {
        let jpeg = try JPEGEncoder.encode(TestImages.noise(width: 600, height: 400), quality: 95)
        let photo = try PhotoProcessor(options: Fixtures.options(budget: 20_000)).process(jpeg)
        #expect(photo.byteCount <= 20_000)
        #expect(photo.width < 600 && photo.height < 400)
        #expect(abs(Double(photo.width) / Double(photo.height) - 1.5) < 0.05)
        let decoded = try JPEGDecoder.decode(photo.jpeg)
        #expect(decoded.width == photo.width && decoded.height == photo.height)
    }

    @Test func anImpossibleBudgetIsReportedNotLooped() throws {
        let jpeg = try Fixtures.jpeg(width: 100, height: 100)
        #expect(throws: PhotoProcessingError.budgetUnreachable(budget: 100)) {
            try PhotoProcessor(options: Fixtures.options(budget: 100)).process(jpeg)
        }
    }
}
