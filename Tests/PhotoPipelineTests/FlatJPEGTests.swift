import ImageTestKit
import PhotoPipeline
import Testing

/// `FlatJPEG` writes its bit streams by hand; these check libjpeg decodes them, so the
/// budget tests use real, decodable files rather than headers glued onto nothing.
@Suite struct FlatJPEGTests {
    @Test(arguments: [
        (FlatJPEG.Layout.grayscale, FlatJPEG.Coding.baseline), (.grayscale, .progressive),
        (.ycbcr(subsampled: true), .baseline), (.ycbcr(subsampled: true), .progressive),
        (.ycbcr(subsampled: false), .baselineSeparateScans), (.ycbcr(subsampled: false), .progressive),
        (.cmyk, .baseline), (.cmyk, .progressive),
    ])
    func flatFilesDecodeToAnEvenGrey(layout: FlatJPEG.Layout, coding: FlatJPEG.Coding) throws {
        // 70 × 45 is not a whole number of MCUs, so the padding rules are exercised too.
        let image = try JPEGDecoder.decode(FlatJPEG.make(width: 70, height: 45, layout: layout, coding: coding))
        #expect(image.width == 70 && image.height == 45)
        let expected: UInt8
        if case .cmyk = layout { expected = 64 } else { expected = 128 }  // inverted CMYK 128s: 128 × 128 / 255
        #expect(image.pixels.allSatisfy { abs(Int($0) - Int(expected)) <= 1 })
    }
}
