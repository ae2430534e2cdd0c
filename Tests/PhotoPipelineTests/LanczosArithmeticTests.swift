import PhotoTestKit
import Testing

@testable import PhotoPipeline

/// The resampler's arithmetic, against a reference written the plain way in this file:
/// 14-bit taps applied in 32-bit integers, the vertical pass first, rounding once per pass.
/// The shared vertical kernel works two taps and eight columns at a time in 16-bit lanes
/// (`LanczosResampler.accumulate`), so widths that are not a multiple of eight and odd
/// tap counts are what these sizes are chosen for; the bytes must be the same exactly.
@Suite struct LanczosArithmeticTests {
    /// The plain resampler: every tap in `Int32`, one sample at a time.
    static func reference(_ image: RGBImage, width: Int, height: Int) -> [UInt8] {
        let vertical = ResamplingWeights(sourceSize: image.height, destinationSize: height)
        let horizontal = ResamplingWeights(sourceSize: image.width, destinationSize: width)
        let half: Int32 = 1 << 13
        func clamp(_ sum: Int32) -> UInt8 { UInt8(max(0, min(255, sum >> 14))) }
        var columns = [UInt8](repeating: 0, count: image.width * height * 3)
        for y in 0..<height {
            for x in 0..<(image.width * 3) {
                var sum = half
                for tap in 0..<vertical.counts[y] {
                    let source = Int32(image.pixels[(vertical.starts[y] + tap) * image.width * 3 + x])
                    sum += source * Int32(vertical.weights[y * vertical.stride + tap])
                }
                columns[y * image.width * 3 + x] = height == image.height ? image.pixels[y * image.width * 3 + x] : clamp(sum)
            }
        }
        var output = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<3 {
                    var sum = half
                    for tap in 0..<horizontal.counts[x] {
                        let source = Int32(columns[(y * image.width + horizontal.starts[x] + tap) * 3 + channel])
                        sum += source * Int32(horizontal.weights[x * horizontal.stride + tap])
                    }
                    output[(y * width + x) * 3 + channel] =
                        width == image.width ? columns[(y * image.width + x) * 3 + channel] : clamp(sum)
                }
            }
        }
        return output
    }

    static let sizes: [(from: (Int, Int), to: (Int, Int))] = [
        ((37, 41), (13, 17)),  // odd widths: 111 bytes a row, a tail of 7 after the eights
        ((64, 48), (31, 22)),
        ((301, 199), (100, 66)),
        ((40, 90), (40, 29)),  // height only
        ((9, 5), (2, 1)),
        ((403, 17), (400, 16)),  // almost the same size: three or four taps an output
        ((1000, 75), (120, 9)),  // a large ratio: dozens of taps an output
    ]

    @Test(arguments: 0..<sizes.count)
    func everyPathGivesThePlainArithmeticsBytes(index: Int) {
        let (from, to) = Self.sizes[index]
        let source = TestImages.photoLike(width: from.0, height: from.1, seed: UInt64(index) + 29, noise: 60)
        let expected = Self.reference(source, width: to.0, height: to.1)
        #expect(LanczosResampler.resize(source, width: to.0, height: to.1).pixels == expected, "into a new buffer")
        var streamed = RowStreamResampler(sourceWidth: from.0, sourceHeight: from.1, width: to.0, height: to.1)
        source.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<from.1 { streamed.add(pixels.baseAddress! + y * from.0 * 3) }
        }
        #expect(streamed.finish()?.pixels == expected, "row by row")
    }

    /// The taps fit 16 bits with room to spare at every ratio, shrinking and growing, and
    /// the vertical pass's pairs are the taps two by two.
    @Test func tapsFitSixteenBitsAndPairThemselves() {
        for (source, destination) in [(1, 1), (2, 1), (7, 3), (100, 99), (3, 2000), (4032, 2000), (8064, 2000), (8064, 17), (6, 6)] {
            let weights = ResamplingWeights(sourceSize: source, destinationSize: destination)
            #expect(weights.weights.allSatisfy { abs(Int($0)) <= Int(ResamplingWeights.one) * 3 / 2 }, "\(source) → \(destination)")
            for output in 0..<destination {
                for tap in 0..<weights.stride {
                    let pair = weights.pairs[output * weights.pairStride + tap / 2]
                    #expect(pair[tap % 2] == weights.weights[output * weights.stride + tap])
                    #expect(pair[tap % 2 + 6] == weights.weights[output * weights.stride + tap])
                }
            }
        }
    }
}
