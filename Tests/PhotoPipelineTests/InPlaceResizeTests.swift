import PhotoTestKit
import TestKit
import Testing

@testable import PhotoPipeline

/// Resampling within the decoded buffer (what the pipeline does, to save a second
/// full-size image at its peak) gives exactly the pixels of resampling into a new buffer,
/// for reductions that are and are not whole ratios, on one axis or both.
@Suite struct InPlaceResizeTests {
    static let sizes: [(from: (Int, Int), to: (Int, Int))] = [
        ((2016, 1512), (2000, 1500)),  // an iPhone's 48 MP at DCT scale 1/4, into the box
        ((301, 199), (100, 66)),
        ((64, 48), (64, 20)),  // height only
        ((64, 48), (17, 48)),  // width only
        ((50, 40), (1, 1)),
        ((33, 7), (32, 7)),
    ]

    @Test(arguments: 0..<sizes.count)
    func itMatchesResizingIntoANewBuffer(index: Int) {
        let (from, to) = Self.sizes[index]
        let source = TestImages.photoLike(width: from.0, height: from.1, seed: UInt64(index) + 5, noise: 20)
        let expected = LanczosResampler.resize(source, width: to.0, height: to.1)
        var image = source
        LanczosResampler.resizeInPlace(&image, width: to.0, height: to.1)
        #expect(image.width == to.0 && image.height == to.1)
        #expect(image.pixels == expected.pixels)
        #expect(source.pixels.count == from.0 * from.1 * 3, "a copy the caller still holds is left alone")
    }

    /// HEIF resamples straight from libheif's own plane (rows maybe padded) instead of a
    /// packed copy: the same pixels as packing first, rotated files included.
    @Test(arguments: ["reference/photo.heic", "reference/photo-irot.heic", "quadrants.heic", "alpha.heic"])
    func heifResamplesFromLibheifsPlaneLikeFromAPackedCopy(name: String) throws {
        let bytes = try Fixtures.resource(name)
        let source = HEIFPixelSource(formatName: "HEIC")
        let header = try source.inspect(bytes)
        let (width, height) = (header.width * 2 / 3, header.height / 2)
        let fitted = try source.decodeFitted(bytes, header: header, width: width, height: height)
        let packed = LanczosResampler.resize(try source.decode(bytes, header: header), width: width, height: height)
        #expect(fitted == packed)
        #expect(fitted.width == width && fitted.height == height)
    }

    /// Three separate planes (libheif's planar RGB, which the HEIF path now resamples
    /// from) give exactly the pixels of the same picture packed, on every kind of
    /// reduction and with padded rows.
    @Test(arguments: 0..<sizes.count)
    func planarRGBResamplesLikeThePackedPicture(index: Int) {
        let (from, to) = Self.sizes[index]
        let source = TestImages.photoLike(width: from.0, height: from.1, seed: UInt64(index) + 11, noise: 20)
        let expected = LanczosResampler.resize(source, width: to.0, height: to.1)
        let stride = from.0 + 5
        var planes = [[UInt8]](repeating: [UInt8](repeating: 0xEE, count: stride * from.1), count: 3)
        for y in 0..<from.1 {
            for x in 0..<from.0 {
                for channel in 0..<3 { planes[channel][y * stride + x] = source.pixels[(y * from.0 + x) * 3 + channel] }
            }
        }
        let fitted = planes[0].withUnsafeBufferPointer { red in
            planes[1].withUnsafeBufferPointer { green in
                planes[2].withUnsafeBufferPointer { blue in
                    LanczosResampler.resize(
                        red: .init(base: red.baseAddress!, stride: stride), green: .init(base: green.baseAddress!, stride: stride),
                        blue: .init(base: blue.baseAddress!, stride: stride), sourceWidth: from.0, sourceHeight: from.1,
                        width: to.0, height: to.1)
                }
            }
        }
        #expect(fitted == expected)
    }

    @Test func growingFallsBackToANewBuffer() {
        let source = TestImages.photoLike(width: 20, height: 10)
        var image = source
        LanczosResampler.resizeInPlace(&image, width: 40, height: 10)
        #expect(image == LanczosResampler.resize(source, width: 40, height: 10))
    }
}
