import TestKit
import Testing

@testable import HEIFDecoding

/// A HEIC motion photo whose MP4 is appended as it is (its own `ftyp` box after the
/// HEIF's boxes) is read as the HEIC: libheif is shown only the bytes before that `ftyp`.
@Suite struct AppendedVideoTests {
    static let mp4: [UInt8] =
        [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [0, 0, 0, 0] + Array("mp42isom".utf8)
        + [0, 0, 0, 0x10] + Array("mdat".utf8) + Array(repeating: 0xA5, count: 8)

    @Test func theStillIsDecodedAsIfTheVideoWereNotThere() throws {
        let still = try Fixtures.resource("quadrants.heic")
        let motion = still + Self.mp4
        let info = try HEIFDecoder.inspect(motion)
        #expect(info.width == 64 && info.height == 48 && info.brand == "heix")
        let image = try HEIFDecoder.decode(motion, maxPixels: 10_000)
        #expect(image.pixels == (try HEIFDecoder.decode(still, maxPixels: 10_000)).pixels)
    }

    @Test func theSpanStopsAtASecondFileTypeBoxOnly() throws {
        let still = try Fixtures.resource("quadrants.heic")
        func span(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBufferPointer { HEIFBoxSpan.length(of: $0) } }
        #expect(span(still) == still.count)
        #expect(span(still + Self.mp4) == still.count)
        // A trailing `mpvd` box (Samsung's and Google's layout) is left to libheif.
        let mpvd: [UInt8] = [0, 0, 0, 0x0C] + Array("mpvd".utf8) + [1, 2, 3, 4]
        #expect(span(still + mpvd) == still.count + mpvd.count)
        // Sizes that run past the end leave the judgement to libheif.
        #expect(span(Array(still.prefix(40))) == 40)
    }
}
