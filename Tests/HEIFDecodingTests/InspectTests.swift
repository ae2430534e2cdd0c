import HEIFDecoding
import TestKit
import Testing

@Suite struct InspectTests {
    @Test func headerFactsOfASmallHEICComeWithoutDecoding() throws {
        let info = try HEIFDecoder.inspect(try Fixtures.resource("quadrants.heic"))
        #expect(info.width == 64 && info.height == 48)
        #expect(info.brand == "heix")
        #expect(info.codec == .hevc)
        #expect(info.bitDepth == 8)
        #expect(!info.hasAlpha)
        #expect(!info.hasExif)
        #expect(info.hasICCProfile)
    }

    @Test func sizeIsReportedAfterTheIrotRotation() throws {
        let info = try HEIFDecoder.inspect(try Fixtures.resource("rotated.heic"))
        #expect(info.width == 48 && info.height == 64)
        #expect(info.hasExif)
    }

    @Test func alphaBitDepthAndAVIFBrandAreReported() throws {
        #expect(try HEIFDecoder.inspect(try Fixtures.resource("alpha.heic")).hasAlpha)
        #expect(try HEIFDecoder.inspect(try Fixtures.resource("tenbit.heic")).bitDepth == 10)
        let avif = try HEIFDecoder.inspect(try Fixtures.resource("quadrants.avif"))
        #expect(avif.brand == "avif" && avif.codec == .av1)
        #expect(avif.width == 64 && avif.height == 48)
    }

    /// Refused by the box parser itself (the error names the parse call), so no codec
    /// ever saw the image: no timing is needed to know nothing was decoded.
    @Test func aHeaderClaiming60000By60000IsRefusedWhileParsing() throws {
        let bytes = try Fixtures.resource("huge.heic")
        var caught: HEIFError?
        do throws(HEIFError) { _ = try HEIFDecoder.inspect(bytes) } catch { caught = error }
        guard case .exceedsSecurityLimit(let cause) = caught else {
            Issue.record("expected a security-limit refusal, got \(String(describing: caught))")
            return
        }
        #expect(cause.message.contains("60000"))
        #expect(cause.operation == "heif_context_read_from_memory_without_copy")
    }

    @Test func aFileCutShortIsReportedAsTruncatedWithLibheifsCause() throws {
        let bytes = try Fixtures.resource("truncated.heic")
        #expect {
            try HEIFDecoder.inspect(bytes)
        } throws: { error in
            guard case .truncated(let cause) = error as? HEIFError else { return false }
            // heif_error_Invalid_input (2) / heif_suberror_End_of_data (100).
            return cause.code == 2 && cause.subcode == 100 && cause.message.contains("end of file")
        }
    }

    @Test func aHeaderCutInsideItsMetaBoxIsDamageToo() throws {
        let whole = try Fixtures.resource("quadrants.heic")
        #expect {
            try HEIFDecoder.inspect(Array(whole.prefix(400)))
        } throws: { error in
            guard let error = error as? HEIFError else { return false }
            return error.isBadInput && error.cause != nil
        }
    }

    @Test func aJPEGOrNothingIsNotHEIF() throws {
        let jpegStart: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]
        #expect(throws: HEIFError.notHEIF) { try HEIFDecoder.inspect(jpegStart) }
        #expect(throws: HEIFError.notHEIF) { try HEIFDecoder.inspect([]) }
    }
}
