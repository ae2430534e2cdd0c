import HEIFDecoding
import Testing

@testable import PhotoPipeline

/// HEIC and AVIF resampled from the decoder's own YCbCr planes, converted a row at a time
/// (`YCbCrRowConverter`, `HEIFDecoder.withDecodedPlanes`), against libheif's own conversion
/// to RGB of the same file. The fixtures (Resources/ycbcr, made by make-ycbcr-fixtures.sh)
/// are 96 × 64 textured pictures, so every chroma sample matters.
///
/// The comparison is exact (a difference of 0): the converter repeats libheif 1.15.1's
/// arithmetic operation for operation in `Float` (IEEE single precision both sides, no
/// fused multiply-add on either: Debian builds libheif for baseline x86-64, and Swift does
/// not contract `a + b * c`), with its rounding (+0.5, truncate, clamp) and its chroma
/// (nearest sample, no interpolation). A different libheif (one that interpolates chroma,
/// or converts in integers) would show here first, as differences of a few levels.
@Suite struct YCbCrPassThroughTests {
    static let source = HEIFPixelSource(formatName: "HEIF")

    /// The file's YCbCr planes converted by the pipeline, at full size, with the shifts and
    /// matrix they came with; nil when the pass-through did not give YCbCr.
    static func converted(_ bytes: [UInt8]) throws -> (image: RGBImage, planes: String)? {
        let result = try HEIFDecoder.withDecodedPlanes(bytes, maxPixels: 1 << 24) { decoded -> (RGBImage, String)? in
            guard case .yCbCr(let planes) = decoded else { return nil }
            let converter = YCbCrRowConverter(planes: planes)
            let pixels = [UInt8](unsafeUninitializedCapacity: planes.width * planes.height * 3) { out, count in
                for y in 0..<planes.height { converter.convertRow(y, into: out.baseAddress! + y * planes.width * 3) }
                count = planes.width * planes.height * 3
            }
            let image = RGBImage(uncheckedWidth: planes.width, height: planes.height, pixels: pixels)
            return (image, "\(planes.horizontalShift)\(planes.verticalShift) \(planes.matrix) \(planes.fullRange)")
        }
        return result ?? nil
    }

    /// libheif's own conversion (its planar RGB, the way taken before), interleaved.
    static func libheifRGB(_ bytes: [UInt8]) throws -> RGBImage {
        let image = try HEIFDecoder.withDecodedPlanarRGB(bytes, maxPixels: 1 << 24) { planes in
            var pixels = [UInt8](repeating: 0, count: planes.width * planes.height * 3)
            for y in 0..<planes.height {
                for x in 0..<planes.width {
                    pixels[(y * planes.width + x) * 3] = planes.red[y * planes.redStride + x]
                    pixels[(y * planes.width + x) * 3 + 1] = planes.green[y * planes.greenStride + x]
                    pixels[(y * planes.width + x) * 3 + 2] = planes.blue[y * planes.blueStride + x]
                }
            }
            return RGBImage(uncheckedWidth: planes.width, height: planes.height, pixels: pixels)
        }
        return try #require(image)
    }

    static func largestDifference(_ a: RGBImage, _ b: RGBImage) -> Int {
        zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    /// Chroma layout (horizontal and vertical shift) and matrix each fixture must come with,
    /// so a test cannot pass by taking some other way.
    @Test(arguments: [
        ("textured-420.avif", "11", "601 full"), ("textured-444.avif", "00", "601 full"),
        ("textured-420.heic", "11", "601 full"), ("textured-444.heic", "00", "601 full"),
        ("textured-unspecified.avif", "11", "unspecified"),
        ("textured-422.heic", "10", "601 full"), ("textured-709-limited.avif", "11", "709 limited"),
        ("textured-2020.avif", "11", "2020 full"), ("textured-gbr.avif", "00", "identity full"),
        ("textured-gbr-limited.avif", "00", "identity limited"),
        // irot 90° (and imir): libheif turns each plane; 4:2:2 turned a quarter is 4:4:0.
        ("rotated-420.heic", "11", "601 full"), ("mirrored-rotated-420.heic", "11", "601 full"),
        ("rotated-422.heic", "01", "601 full"),
    ])
    func theRowConversionIsLibheifsToTheByte(name: String, shifts: String, matrix: String) throws {
        let bytes = try Fixtures.resource("ycbcr/\(name)")
        let ours = try #require(try Self.converted(bytes), "\(name) did not come as YCbCr")
        let theirs = try Self.libheifRGB(bytes)
        #expect(ours.image.width == theirs.width && ours.image.height == theirs.height)
        #expect(ours.planes.hasPrefix(shifts + " "), "\(name): \(ours.planes)")
        let expected = Self.matrixDescriptions[matrix]!
        #expect(ours.planes.hasSuffix(expected), "\(name): \(ours.planes), expected \(expected)")
        #expect(Self.largestDifference(ours.image, theirs) == 0, "\(name)")
    }

    /// The way each matrix name above comes out of `HEIFPlanarYCbCr`'s description.
    static let matrixDescriptions: [String: String] = [
        "601 full": "\(HEIFYCbCrMatrix(matrixCoefficients: 6)!) true",
        "unspecified": "\(HEIFYCbCrMatrix(matrixCoefficients: 2)!) true",
        "709 limited": "\(HEIFYCbCrMatrix(matrixCoefficients: 1)!) false",
        "2020 full": "\(HEIFYCbCrMatrix(matrixCoefficients: 9)!) true",
        "identity full": "identity true", "identity limited": "identity false",
    ]

    /// A turned picture comes out upright: 64 × 96 from a 96 × 64 stored one.
    @Test func aRotatedPictureComesOutUpright() throws {
        let ours = try #require(try Self.converted(Fixtures.resource("ycbcr/rotated-420.heic")))
        #expect(ours.image.width == 64 && ours.image.height == 96)
    }

    /// Where the pass-through would not be exact libheif converts as before, in the same
    /// single decode: odd sides at 4:2:0, and a clap crop.
    @Test(arguments: ["odd-420.avif", "cropped-420.heic"])
    func oddSidesAndCropsComeAsLibheifsRGB(name: String) throws {
        let bytes = try Fixtures.resource("ycbcr/\(name)")
        let kind = try HEIFDecoder.withDecodedPlanes(bytes, maxPixels: 1 << 24) { decoded -> String in
            switch decoded {
            case .yCbCr: "YCbCr"
            case .rgb(let planes): "RGB \(planes.width)x\(planes.height)"
            }
        }
        #expect(kind == "RGB 97x63")
    }

    /// Alpha, 10 bits and a matrix the converter does not copy (YCgCo) are declined, so
    /// the pipeline takes libheif's RGB.
    @Test(arguments: ["alpha.heic", "tenbit.heic", "ycbcr/textured-ycgco.avif"])
    func alphaTenBitsAndOtherMatricesAreDeclined(name: String) throws {
        let taken = try HEIFDecoder.withDecodedPlanes(Fixtures.resource(name), maxPixels: 1 << 24) { _ in true }
        #expect(taken == nil)
    }

    /// Through `decodeFitted`, shrunk: the same bytes as libheif's planar RGB resampled
    /// (the way before), so the pipeline's output is unchanged.
    @Test(arguments: ["textured-420.avif", "textured-444.heic", "rotated-420.heic", "textured-ycgco.avif", "cropped-420.heic"])
    func fittedOutputIsTheSameAsFromLibheifsRGB(name: String) throws {
        let bytes = try Fixtures.resource("ycbcr/\(name)")
        let header = try Self.source.inspect(bytes)
        let (width, height) = (header.width * 2 / 3, header.height * 2 / 3)
        let fitted = try Self.source.decodeFitted(bytes, header: header, width: width, height: height)
        var before = try Self.libheifRGB(bytes)
        LanczosResampler.resizeInPlace(&before, width: width, height: height)
        #expect(fitted.width == width && fitted.height == height)
        #expect(Self.largestDifference(fitted, before) == 0, "\(name)")
    }
}
