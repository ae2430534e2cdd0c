import HEIFDecoding
import TestKit
import Testing

/// `HEIFDecoder.withDecodedPlanes`: which planes one decode lends. (Their conversion to
/// RGB, against libheif's, is tested in PhotoPipelineTests/YCbCrPassThroughTests.)
@Suite struct DecodedPlanesTests {
    typealias F = Fixtures

    /// What the decode lent, as "YCbCr W×H shifts" or "RGB W×H".
    static func lent(_ name: String) throws -> String? {
        try HEIFDecoder.withDecodedPlanes(try F.resource(name), maxPixels: 10_000) { planes -> String in
            switch planes {
            case .yCbCr(let p):
                #expect(p.luma.width == p.width && p.blueDifference.width == p.redDifference.width)
                return "YCbCr \(p.width)x\(p.height) \(p.horizontalShift)\(p.verticalShift)"
            case .rgb(let p): return "RGB \(p.width)x\(p.height)"
            }
        }
    }

    /// The AV1 quadrants (4:4:4, no clap): the decoder's planes, full-size chroma.
    @Test func anAVIFLendsItsYCbCrPlanes() throws {
        #expect(try Self.lent("quadrants.avif") == "YCbCr 64x48 00")
    }

    /// pillow-heif's HEICs carry a clap (the coded picture is larger than the ispe):
    /// libheif's RGB, cropped and turned, from the same decode.
    @Test func aCroppedHEICLendsLibheifsRGB() throws {
        #expect(try Self.lent("quadrants.heic") == "RGB 64x48")
        #expect(try Self.lent("rotated.heic") == "RGB 48x64")
    }

    @Test(arguments: ["alpha.heic", "tenbit.heic"])
    func alphaAndTenBitsLendNothing(name: String) throws {
        #expect(try Self.lent(name) == nil)
    }

    /// libheif's coefficients: BT.709's from Kr 0.2126, Kb 0.0722; unknown matrices are
    /// left to libheif.
    @Test func matricesAreLibheifs() {
        guard case .coefficients(let rCr, let gCb, let gCr, let bCb) = HEIFYCbCrMatrix(matrixCoefficients: 1) else {
            Issue.record("BT.709 has coefficients")
            return
        }
        #expect(abs(rCr - 1.5748) < 1e-6 && abs(bCb - 1.8556) < 1e-6)
        #expect(abs(gCb - -0.187324) < 1e-5 && abs(gCr - -0.468124) < 1e-5)
        #expect(HEIFYCbCrMatrix(matrixCoefficients: 0) == .identity)
        #expect(HEIFYCbCrMatrix(matrixCoefficients: 8) == nil)
        #expect(HEIFYCbCrMatrix(matrixCoefficients: 12) == nil)
    }
}
