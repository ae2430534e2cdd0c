import ImageTestKit
import TestKit
import Testing

@testable import PhotoPipeline

@Suite struct InputValidationTests {
    static let signatures: [(String, [UInt8])] = [
        ("TIFF", [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]),
        ("PDF", Array("%PDF-1.7\n".utf8)),
    ]

    @Test(arguments: signatures)
    func unsupportedFormatsAreRefusedNamingTheFormatTheySaw(format: String, bytes: [UInt8]) {
        #expect(throws: PhotoProcessingError.unsupportedFormat(format: format)) { try PhotoProcessor().process(bytes) }
        let error = PhotoProcessingError.unsupportedFormat(format: format)
        #expect(error.userMessage.contains(format))
        #expect(!error.userMessage.contains("not a JPEG"))
    }

    static let notPhotos: [(String, [UInt8])] = [
        ("unknown", Array("hello, world".utf8)),
        ("empty file", []),
        ("ISO media", [0, 0, 0, 0x10] + Array("ftypM4A ".utf8) + [0, 0, 0, 0]),
    ]

    @Test(arguments: notPhotos)
    func unrecognisedFilesAreRefusedAsNotAPhoto(format: String, bytes: [UInt8]) {
        #expect(throws: PhotoProcessingError.unsupportedFormat(format: format)) { try PhotoProcessor().process(bytes) }
        #expect(PhotoProcessingError.unsupportedFormat(format: format).userMessage.hasPrefix("This file is not a photo."))
    }

    static let videos: [(String, [UInt8])] = [
        ("MP4 video", [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8)),
        ("MP4 video", [0, 0, 0, 0x14] + Array("ftypmp42".utf8) + [0, 0, 0, 0] + Array("mp41".utf8)),
        ("MP4 video", [0, 0, 0, 0x14] + Array("ftypmp41".utf8) + [0, 0, 0, 0] + Array("mp41".utf8)),
        ("QuickTime video", [0, 0, 0, 0x14] + Array("ftypqt  ".utf8) + [0, 0, 2, 0] + Array("qt  ".utf8)),
    ]

    @Test(arguments: videos)
    func videosAreRefusedSayingVideosCannotBeStories(format: String, bytes: [UInt8]) {
        #expect(throws: PhotoProcessingError.unsupportedFormat(format: format)) { try PhotoProcessor().process(bytes) }
        let message = PhotoProcessingError.unsupportedFormat(format: format).userMessage
        #expect(message.contains("videos can't be posted as stories"), "\(message)")
    }

    @Test func formatsNotYetTakenAreRefusedByName() {
        let message = PhotoProcessingError.unsupportedFormat(format: "TIFF").userMessage
        #expect(message == "This file is a TIFF image, which can't be posted yet. Please choose a JPEG, PNG, HEIC, WebP or GIF photo.")
    }

    @Test func aTruncatedJPEGIsRefusedAsTruncated() throws {
        let jpeg = try Fixtures.jpeg(width: 200, height: 150)
        for length in [jpeg.count / 2, jpeg.count - 2, jpeg.count - 40] {
            #expect(throws: PhotoProcessingError.truncated) { try PhotoProcessor().process(Array(jpeg[..<length])) }
        }
    }

    /// A cut-off file with an end marker glued on passes the EOI check; the decoder's
    /// "premature end of data segment" warning must still refuse it (never grey fill).
    @Test func aCutFileWithAFakeEndMarkerIsStillRefused() throws {
        let jpeg = try Fixtures.jpeg(width: 200, height: 150)
        let faked = Array(jpeg[..<(jpeg.count / 2)]) + [0xFF, 0xD9]
        #expect(try JPEGInspector.inspect(faked).isComplete)
        #expect {
            _ = try PhotoProcessor().process(faked)
        } throws: { error in
            (error as? PhotoProcessingError)?.isBadInput == true
        }
    }

    /// Some phones leave stray bytes between segments; libjpeg only warns about them
    /// ("extraneous bytes before marker") and the pixels are intact, so such photos
    /// must still be accepted, and come out the same as the clean file.
    @Test func strayBytesBetweenSegmentsAreToleratedLikeBrowsersDo() throws {
        let jpeg = try Fixtures.jpeg(width: 200, height: 150)
        let segments = JPEGTestTools.headerSegments(of: jpeg)
        let firstMarker = try #require(segments.first)
        let firstSegmentLength = 2 + 2 + firstMarker.payload.count
        let stray = Array(jpeg[..<(2 + firstSegmentLength)]) + [0x00, 0x13, 0x37, 0x42] + Array(jpeg[(2 + firstSegmentLength)...])
        let clean = try PhotoProcessor().process(jpeg)
        let tolerated = try PhotoProcessor().process(stray)
        #expect(tolerated.width == clean.width && tolerated.height == clean.height)
        #expect(tolerated.jpeg == clean.jpeg)
    }

    @Test func aProgressiveJPEGCutBetweenScansIsRefused() throws {
        let jpeg = try Fixtures.jpeg(width: 200, height: 150, progressive: true)
        #expect(throws: PhotoProcessingError.truncated) { try PhotoProcessor().process(Array(jpeg[..<(jpeg.count * 2 / 3)])) }
    }

    @Test func aJPEGCutInsideItsHeaderIsTruncated() throws {
        let jpeg = try Fixtures.jpeg(width: 50, height: 50)
        for length in [2, 3, 20, 100] {
            #expect(throws: PhotoProcessingError.truncated) { try PhotoProcessor().process(Array(jpeg[..<length])) }
        }
    }

    @Test func garbageAfterTheStartMarkerIsAClearErrorNotACrash() {
        var random = SplitMix64(seed: 99)
        for _ in 0..<50 {
            let length = Int(random.next() % 2000)
            let bytes: [UInt8] = [0xFF, 0xD8] + (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            do {
                _ = try PhotoProcessor().process(bytes)
                Issue.record("garbage was accepted")
            } catch {
                #expect(error.isBadInput)
            }
        }
    }

    /// (Missing Huffman tables are not an error: libjpeg-turbo substitutes the standard
    /// ones, as Motion-JPEG frames rely on. Missing quantisation tables are.)
    @Test func missingQuantisationTablesAreReportedAsCorrupt() throws {
        let jpeg = JPEGTestTools.removingSegments(marker: 0xDB, from: try Fixtures.jpeg(width: 64, height: 64))
        #expect {
            _ = try PhotoProcessor().process(jpeg)
        } throws: { error in
            guard case PhotoProcessingError.corrupt = error else { return false }
            return true
        }
    }

    @Test func aHeaderClaimingFourHundredMegapixelsIsRefusedBeforeDecoding() throws {
        let small = try Fixtures.jpeg(width: 64, height: 64)
        let bomb = JPEGTestTools.replacingFrameSize(of: small, width: 20_000, height: 20_000)
        #expect(throws: PhotoProcessingError.tooManyPixels(width: 20_000, height: 20_000, limit: 100_000_000)) {
            try PhotoProcessor().process(bomb)
        }
        // Even cut short, the declared size is what gets reported.
        #expect(throws: PhotoProcessingError.tooManyPixels(width: 20_000, height: 20_000, limit: 100_000_000)) {
            try PhotoProcessor().process(Array(bomb[..<(bomb.count / 2)]))
        }
    }

    @Test func thePixelLimitIsConfigurable() throws {
        let jpeg = try Fixtures.jpeg(width: 300, height: 200)
        let strict = PhotoProcessor(options: PhotoProcessingOptions(maxPixels: 59_999))
        #expect(throws: PhotoProcessingError.tooManyPixels(width: 300, height: 200, limit: 59_999)) { try strict.process(jpeg) }
        let exact = PhotoProcessor(options: PhotoProcessingOptions(maxPixels: 60_000))
        #expect(try exact.process(jpeg).width == 300)
    }

    @Test func inputAboveTheByteLimitIsRefused() throws {
        let jpeg = try Fixtures.jpeg(width: 64, height: 64)
        let processor = PhotoProcessor(options: PhotoProcessingOptions(maxInputBytes: jpeg.count - 1))
        #expect(throws: PhotoProcessingError.inputTooLarge(bytes: jpeg.count, limit: jpeg.count - 1)) {
            try processor.process(jpeg)
        }
    }

    @Test func inconsistentOptionsAreRefused() throws {
        let jpeg = try Fixtures.jpeg(width: 16, height: 16)
        for options in [
            PhotoProcessingOptions(initialQuality: 101), PhotoProcessingOptions(initialQuality: 50, minimumQuality: 60),
            PhotoProcessingOptions(boxSize: 0), PhotoProcessingOptions(byteBudget: 0),
        ] {
            #expect {
                try PhotoProcessor(options: options).process(jpeg)
            } throws: { error in
                guard case PhotoProcessingError.invalidOptions = error else { return false }
                return true
            }
        }
    }

    @Test func headerFactsAreReadWithoutDecoding() throws {
        let baseline = try JPEGInspector.inspect(Fixtures.jpeg(width: 123, height: 45, subsampling: .s422))
        #expect(baseline.width == 123 && baseline.height == 45)
        #expect(baseline.componentCount == 3 && baseline.colorModel == .ycbcr)
        #expect(!baseline.isProgressive && baseline.isComplete && baseline.precision == 8)
        let progressive = try JPEGInspector.inspect(Fixtures.jpeg(width: 20, height: 10, progressive: true))
        #expect(progressive.isProgressive && progressive.frameType == 2)
        let gray = try JPEGInspector.inspect(Fixtures.jpeg(width: 20, height: 10, subsampling: .gray))
        #expect(gray.componentCount == 1 && gray.colorModel == .grayscale)
        let cmyk = try JPEGInspector.inspect(Fixtures.resource("cmyk-quadrants.jpg"))
        #expect(cmyk.componentCount == 4 && cmyk.colorModel == .ycck && cmyk.hasAdobeMarker)
    }
}

/// The formats a photo shared before signing in is checked against
/// (`ImageFormatSniffer.postableFormats`) are exactly the ones the pipeline can decode.
@Suite struct PostableFormatsTests {
    @Test func thePostableFormatsAreJPEGAndEveryFormatWithADecoder() {
        let decoded = Set(PhotoProcessor.pixelSources.map(\.formatName))
        #expect(ImageFormatSniffer.postableFormats == decoded.union(["JPEG"]))
    }
}
