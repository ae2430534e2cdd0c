import H3Index
import ImageTestKit
import PhotoPipeline
import TestKit
import Testing

@Suite struct EXIFMetadataTests {
    /// One position per hemisphere: (latitude, longitude) with signs.
    static let hemispheres: [(Double, Double)] = [
        (48.858222, 2.2945),  // N, E: Paris
        (40.689247, -74.044502),  // N, W: New York
        (-33.856784, 151.215297),  // S, E: Sydney
        (-22.951916, -43.210487),  // S, W: Rio de Janeiro
    ]

    @Test(arguments: hemispheres, [EXIFBuilder.ByteOrder.littleEndian, .bigEndian])
    func gpsBecomesSignedDecimalDegreesInEveryHemisphere(position: (Double, Double), order: EXIFBuilder.ByteOrder) throws {
        var exif = EXIFBuilder()
        exif.byteOrder = order
        exif.latitude = .init(reference: position.0 < 0 ? "S" : "N", degrees: abs(position.0))
        exif.longitude = .init(reference: position.1 < 0 ? "W" : "E", degrees: abs(position.1))
        let photo = try PhotoProcessor().process(Fixtures.jpeg(with: exif))
        let gps = try #require(photo.metadata.gps)
        // 1/10000 s of arc is about 3 mm: the DMS round trip is that precise.
        #expect(abs(gps.latitude - position.0) < 1e-6)
        #expect(abs(gps.longitude - position.1) < 1e-6)
    }

    @Test func degreesMinutesSecondsAreCombinedAsDPlusMOver60PlusSOver3600() throws {
        var exif = EXIFBuilder()
        exif.latitude = .init(reference: "N", parts: [(10, 1), (30, 1), (36, 1)])
        exif.longitude = .init(reference: "W", parts: [(20, 2), (90, 10), (7200, 100)])
        let gps = try #require(try JPEGInspector.metadata(Fixtures.jpeg(with: exif)).gps)
        #expect(abs(gps.latitude - 10.51) < 1e-12)
        #expect(abs(gps.longitude - -(10 + 9.0 / 60 + 72.0 / 3600)) < 1e-12)
    }

    @Test func cameraFieldsAndOrientationAreRead() throws {
        var exif = EXIFBuilder()
        exif.byteOrder = .bigEndian
        exif.make = "Fujifilm"
        exif.model = "X100V"
        exif.dateTimeOriginal = "2024:07:14 18:30:05"
        exif.orientation = 3
        let metadata = try JPEGInspector.metadata(Fixtures.jpeg(with: exif))
        #expect(metadata.make == "Fujifilm")
        #expect(metadata.model == "X100V")
        #expect(metadata.dateTimeOriginal == "2024:07:14 18:30:05")
        #expect(metadata.orientation == 3)
        #expect(metadata.gps == nil)
    }

    @Test func aFileWrittenByExiftoolIsReadTheSameWay() throws {
        let metadata = try JPEGInspector.metadata(Fixtures.resource("exiftool-sydney.jpg"))
        let gps = try #require(metadata.gps)
        #expect(abs(gps.latitude - -33.8688) < 1e-6)
        #expect(abs(gps.longitude - 151.2093) < 1e-6)
        #expect(metadata.orientation == 6)
        #expect(metadata.make == "TestMake")
        #expect(metadata.model == "Test Model 2")
        #expect(metadata.dateTimeOriginal == "2024:05:06 07:08:09")
    }

    @Test func aJPEGWithoutEXIFHasDefaultMetadata() throws {
        let metadata = try JPEGInspector.metadata(Fixtures.jpeg(width: 20, height: 20))
        #expect(metadata == PhotoMetadata())
    }

    @Test func zeroDenominatorsDiscardTheGPSPosition() throws {
        var exif = EXIFBuilder()
        exif.latitude = .init(reference: "N", parts: [(10, 1), (5, 0), (0, 1)])
        exif.longitude = .init(reference: "E", parts: [(20, 1), (0, 1), (0, 1)])
        #expect(try JPEGInspector.metadata(Fixtures.jpeg(with: exif)).gps == nil)
    }

    @Test func outOfRangeDegreesDiscardTheGPSPosition() throws {
        var exif = EXIFBuilder()
        exif.latitude = .init(reference: "N", parts: [(91, 1), (0, 1), (0, 1)])
        exif.longitude = .init(reference: "E", parts: [(20, 1), (0, 1), (0, 1)])
        #expect(try JPEGInspector.metadata(Fixtures.jpeg(with: exif)).gps == nil)
        exif.latitude = .init(reference: "N", parts: [(10, 1), (0, 1), (0, 1)])
        exif.longitude = .init(reference: "E", parts: [(180, 1), (1, 1), (0, 1)])
        #expect(try JPEGInspector.metadata(Fixtures.jpeg(with: exif)).gps == nil)
    }

    @Test func aMissingOrUnknownReferenceDiscardsTheGPSPosition() throws {
        var exif = EXIFBuilder()
        exif.latitude = .init(reference: "X", degrees: 10)
        exif.longitude = .init(reference: "E", degrees: 20)
        #expect(try JPEGInspector.metadata(Fixtures.jpeg(with: exif)).gps == nil)
    }

    @Test func tooFewRationalsDiscardTheGPSPosition() throws {
        var exif = EXIFBuilder()
        exif.latitude = .init(reference: "N", parts: [(10, 1), (5, 1)])
        exif.longitude = .init(reference: "E", parts: [(20, 1), (0, 1), (0, 1)])
        #expect(try JPEGInspector.metadata(Fixtures.jpeg(with: exif)).gps == nil)
    }

    @Test func anOutOfRangeOrientationCountsAsUpright() throws {
        var exif = EXIFBuilder()
        exif.orientation = 9
        #expect(try JPEGInspector.metadata(Fixtures.jpeg(with: exif)).orientation == 1)
    }

    /// Garbage, cut-off TIFF structures and IFD offsets pointing outside the payload
    /// must not stop the photo from processing; they just yield no metadata.
    @Test(arguments: [
        Array("Exif".utf8) + [0, 0] + [0x49, 0x49, 0x2A, 0x00, 0xFF, 0xFF, 0xFF, 0x7F],
        Array("Exif".utf8) + [0, 0] + [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08, 0xFF, 0xFF],
        Array("Exif".utf8) + [0, 0] + Array(repeating: 0xAB, count: 300),
        Array("Exif".utf8) + [0, 0],
    ])
    func malformedEXIFIsIgnoredAndThePhotoStillProcesses(payload: [UInt8]) throws {
        let jpeg = try Fixtures.jpeg(width: 40, height: 30, segments: JPEGTestTools.segment(marker: 0xE1, payload: payload))
        let photo = try PhotoProcessor().process(jpeg)
        #expect(photo.metadata.gps == nil)
        #expect(photo.width == 40 && photo.height == 30)
    }

    @Test func aTruncatedGPSIFDIsIgnoredSafely() throws {
        var exif = EXIFBuilder()
        exif.latitude = .init(reference: "S", degrees: 12.5)
        exif.longitude = .init(reference: "W", degrees: 45.25)
        let tiff = exif.tiff()
        for cut in stride(from: 8, to: tiff.count, by: 7) {
            let payload = Array("Exif".utf8) + [0, 0] + Array(tiff[..<cut])
            let jpeg = try Fixtures.jpeg(width: 16, height: 16, segments: JPEGTestTools.segment(marker: 0xE1, payload: payload))
            let photo = try PhotoProcessor().process(jpeg)
            if let gps = photo.metadata.gps {
                // If libexif recovered the values, they must be the right ones.
                #expect(abs(gps.latitude - -12.5) < 1e-6 && abs(gps.longitude - -45.25) < 1e-6)
            }
        }
    }
}
