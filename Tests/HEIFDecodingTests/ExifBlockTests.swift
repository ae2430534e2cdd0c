import Testing

@testable import HEIFDecoding

@Suite struct ExifBlockTests {
    static let tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00]

    @Test func theFourByteOffsetIsSkippedToTheTIFFHeader() {
        let apple: [UInt8] = [0, 0, 0, 6] + Array("Exif\0\0".utf8) + Self.tiff
        #expect(HEIFExifBlock.tiffPayload(of: apple) == Self.tiff)
        #expect(HEIFExifBlock.tiffPayload(of: [0, 0, 0, 0] + Self.tiff) == Self.tiff)
    }

    @Test func aWrongOffsetBeforeExifPrefixStillFindsTheHeader() {
        let wrong: [UInt8] = [0, 0, 0, 0] + Array("Exif\0\0".utf8) + Self.tiff
        #expect(HEIFExifBlock.tiffPayload(of: wrong) == Self.tiff)
    }

    @Test func garbageOrAHugeOffsetGivesNil() {
        #expect(HEIFExifBlock.tiffPayload(of: [0xFF, 0xFF, 0xFF, 0xFF] + Array(repeating: 0, count: 20)) == nil)
        #expect(HEIFExifBlock.tiffPayload(of: [0, 0]) == nil)
    }
}
