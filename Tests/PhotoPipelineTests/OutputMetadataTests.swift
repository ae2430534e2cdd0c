import ImageTestKit
import PhotoPipeline
import TestKit
import Testing

@Suite struct OutputMetadataTests {
    private func inputWithEverything(icc: [UInt8]? = nil) throws -> [UInt8] {
        var exif = EXIFBuilder()
        exif.make = "Canon"
        exif.latitude = .init(reference: "N", degrees: 51.5)
        exif.longitude = .init(reference: "W", degrees: 0.12)
        var segments = exif.app1Segment()
        segments += JPEGTestTools.segment(marker: 0xE1, payload: Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>".utf8))
        segments += JPEGTestTools.segment(marker: 0xED, payload: Array("Photoshop 3.0\0".utf8) + [1, 2, 3])
        segments += JPEGTestTools.segment(marker: 0xFE, payload: Array("secret comment".utf8))
        if let icc { segments += JPEGTestTools.iccSegments(profile: icc, chunkSize: 60_000) }
        return try Fixtures.jpeg(width: 300, height: 200, segments: segments)
    }

    @Test func theOutputCarriesNoEXIFXMPPhotoshopOrComments() throws {
        let photo = try PhotoProcessor().process(inputWithEverything())
        #expect(photo.metadata.gps != nil)
        let markers = JPEGTestTools.allMarkers(of: photo.jpeg)
        #expect(!markers.contains(0xE1) && !markers.contains(0xED) && !markers.contains(0xFE))
        #expect(markers.allSatisfy { $0 == 0xE0 || !(0xE1...0xEF).contains($0) })
        #expect(!photo.jpeg.starts(with: [0xFF, 0xD8, 0xFF, 0xE1]))
        #expect(JPEGTestTools.iccProfile(of: photo.jpeg) == nil)
        #expect(Array(photo.jpeg.suffix(2)) == [0xFF, 0xD9])
    }

    @Test func aMultiChunkICCProfileIsKeptIntact() throws {
        let profile = JPEGTestTools.fakeICCProfile(size: 150_000)
        let photo = try PhotoProcessor().process(inputWithEverything(icc: profile))
        #expect(photo.metadata.hasICCProfile)
        #expect(JPEGTestTools.iccProfile(of: photo.jpeg) == profile)
        // Still a decodable JPEG, with the profile counted in the budget.
        #expect(try JPEGDecoder.decode(photo.jpeg).width == 300)
        let chunks = JPEGTestTools.headerSegments(of: photo.jpeg).filter { $0.marker == 0xE2 }
        #expect(chunks.count == 3)
    }

    /// A real RGB profile (Ghostscript's esRGB, embedded by exiftool) survives byte for byte.
    @Test func aRealICCProfileEmbeddedByExiftoolIsKept() throws {
        let input = try Fixtures.resource("icc-esrgb.jpg")
        let profile = try #require(JPEGTestTools.iccProfile(of: input))
        let photo = try PhotoProcessor().process(input)
        #expect(photo.metadata.hasICCProfile)
        #expect(JPEGTestTools.iccProfile(of: photo.jpeg) == profile)
        #expect(JPEGTestTools.headerSegments(of: photo.jpeg).first?.marker == 0xE0)
    }

    @Test func anIncompleteICCProfileIsDropped() throws {
        let profile = JPEGTestTools.fakeICCProfile(size: 150_000)
        var segments = JPEGTestTools.iccSegments(profile: profile, chunkSize: 60_000)
        let first = 4 + 14 + 60_000
        segments.removeSubrange(first..<(2 * first))  // lose chunk 2 of 3
        let jpeg = try Fixtures.jpeg(width: 64, height: 64, segments: segments)
        let photo = try PhotoProcessor().process(jpeg)
        #expect(!photo.metadata.hasICCProfile)
        #expect(JPEGTestTools.iccProfile(of: photo.jpeg) == nil)
    }

    @Test func aCMYKProfileIsNotCopiedOntoRGBOutput() throws {
        let profile = JPEGTestTools.fakeICCProfile(size: 2_000, colorSpace: "CMYK")
        let jpeg = try Fixtures.jpeg(width: 64, height: 64, segments: JPEGTestTools.iccSegments(profile: profile, chunkSize: 60_000))
        let photo = try PhotoProcessor().process(jpeg)
        #expect(photo.metadata.hasICCProfile)
        #expect(JPEGTestTools.iccProfile(of: photo.jpeg) == nil)
    }
}
