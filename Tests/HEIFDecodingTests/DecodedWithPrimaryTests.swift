import TestKit
import Testing

@testable import HEIFDecoding

/// The pixel limit and estimate come from the primary image, so nothing libheif decodes
/// along with it may be larger.
@Suite struct DecodedWithPrimaryTests {
    /// alpha.heic's `ipco` is hvcC, colr, ispe 64 × 64, clap (40 bytes), pixi, the alpha's
    /// hvcC, pixi and auxC; both items share the ispe. The 40-byte clap becomes an
    /// `ispe` of 4000 × 3000 and a 20-byte `free`, the later properties move up one
    /// place, and the alpha item (2) is given the large ispe. Its coded picture (64 × 64)
    /// still fits that ispe, so only the size rule can refuse it.
    static func alphaLargerThanThePrimary() throws -> [UInt8] {
        var bytes = try Fixtures.resource("alpha.heic")
        let clap = 369
        #expect(Array(bytes[(clap + 4)..<(clap + 8)]) == Array("clap".utf8))
        let ispe: [UInt8] = [0, 0, 0, 20] + Array("ispe".utf8) + [0, 0, 0, 0, 0, 0, 0x0F, 0xA0, 0, 0, 0x0B, 0xB8]
        let free: [UInt8] = [0, 0, 0, 20] + Array("free".utf8) + [UInt8](repeating: 0, count: 12)
        bytes.replaceSubrange(clap..<(clap + 40), with: ispe + free)
        // ipma at 590: version 0, flags 0, entry count 2, then two items of five one-byte associations.
        let ipma = 590 + 16
        #expect(Array(bytes[ipma..<(ipma + 16)]) == [0, 1, 5, 0x81, 2, 3, 5, 0x84, 0, 2, 5, 0x86, 3, 7, 0x88, 0x84])
        bytes.replaceSubrange(ipma..<(ipma + 16), with: [0, 1, 5, 0x81, 2, 3, 6, 5, 0, 2, 5, 0x87, 4, 8, 0x89, 5])
        return bytes
    }

    @Test func anAlphaImageLargerThanThePrimaryIsRefused() throws {
        let lying = try Self.alphaLargerThanThePrimary()
        #expect {
            try HEIFDecoder.inspect(lying)
        } throws: { error in
            CodedSizeTests.refusal(error) == "item 2, decoded with the primary image, is 4000 × 3000, larger than the primary's 64 × 64"
        }
    }
}
