import TestKit
import Testing

@testable import HEIFDecoding

/// Issue 21's attack: a HEIF whose `ispe` understates the coded picture. The coded size
/// (AV1 sequence header, HEVC SPS, a grid's tiles) is compared with the `ispe` before
/// libheif decodes anything, so the lying files are refused by that check (`.sizeMismatch`,
/// not a libheif error and not a decoded image), and honest files still pass.
@Suite struct CodedSizeTests {
    /// `bytes` with the `ispe` property at `index` (0 for the first) saying `width × height`.
    static func patchingISPE(_ bytes: [UInt8], index: Int = 0, width: UInt32, height: UInt32) throws -> [UInt8] {
        let type = Array("ispe".utf8)
        let found = (0..<(bytes.count - 16)).filter { Array(bytes[$0..<($0 + 4)]) == type }
        let at = try #require(found.dropFirst(index).first) + 8  // after the type, version and flags
        var patched = bytes
        for (offset, value) in [(0, width), (4, height)] {
            for byte in 0..<4 { patched[at + offset + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(byte))) }
        }
        return patched
    }

    static func refusal(_ error: any Error) -> String? {
        guard case .sizeMismatch(let detail) = error as? HEIFError else { return nil }
        return detail
    }

    @Test func anAVIFWhoseISPESays64By64ButWhoseAV1SequenceIs12000By12000IsRefusedBeforeDecoding() throws {
        let lying = try Self.patchingISPE(Fixtures.resource("large-flat.avif"), width: 64, height: 64)
        for attempt in [{ _ = try HEIFDecoder.inspect(lying) }, { _ = try HEIFDecoder.decode(lying, maxPixels: 64 * 64) }] {
            #expect {
                try attempt()
            } throws: { error in
                Self.refusal(error) == "the AV1 sequence header of item 1 makes a 12000 × 12000 picture, its ispe says 64 × 64"
            }
        }
    }

    @Test func aHEICWhoseISPESays64By64ButWhoseSPSIs7000By7000IsRefusedBeforeDecoding() throws {
        let lying = try Self.patchingISPE(Fixtures.resource("large-flat.heic"), width: 64, height: 64)
        for attempt in [{ _ = try HEIFDecoder.inspect(lying) }, { _ = try HEIFDecoder.decode(lying, maxPixels: 64 * 64) }] {
            #expect {
                try attempt()
            } throws: { error in
                Self.refusal(error) == "the HEVC SPS of item 1 makes a 7000 × 7000 picture, its ispe says 64 × 64"
            }
        }
    }

    @Test func theHonestLargeFilesPassTheCheckAndReportTheirRealSize() throws {
        let avif = try HEIFDecoder.inspect(Fixtures.resource("large-flat.avif"))
        #expect((avif.width, avif.height) == (12000, 12000))
        let heic = try HEIFDecoder.inspect(Fixtures.resource("large-flat.heic"))
        #expect((heic.width, heic.height) == (7000, 7000))
    }

    @Test func honestSmallFilesStillDecode() throws {
        for name in ["quadrants.heic", "quadrants.avif", "alpha.heic", "tenbit.heic", "rotated.heic", "gps.heic"] {
            let bytes = try Fixtures.resource(name)
            let info = try HEIFDecoder.inspect(bytes)
            #expect(try HEIFDecoder.decode(bytes, maxPixels: 1_000_000).width == info.width, "\(name)")
        }
    }

    /// An AV1 frame is coded at exactly its size, so an `ispe` a few pixels short is a lie too.
    @Test func anISPESlightlySmallerThanTheAV1FrameIsRefused() throws {
        let lying = try Self.patchingISPE(Fixtures.resource("quadrants.avif"), width: 60, height: 48)
        #expect {
            try HEIFDecoder.inspect(lying)
        } throws: { error in
            Self.refusal(error) == "the AV1 sequence header of item 1 makes a 64 × 48 picture, its ispe says 60 × 48"
        }
    }

    /// A grid whose tiles would overshoot its output by a whole tile (two 64-pixel columns
    /// for a 64-pixel-wide grid) is refused: libheif would decode a tile nobody sees.
    @Test func aGridWhoseTilesOvershootItByATileIsRefused() throws {
        var bytes = try Fixtures.resource("tenbit.heic")
        // The grid descriptor: version 0, flags 0, rows − 1 = 0, columns − 1 = 0, 64, 48.
        let pattern: [UInt8] = [0, 0, 0, 0, 0, 64, 0, 48]
        let at = try #require((0..<(bytes.count - 8)).first { Array(bytes[$0..<($0 + 8)]) == pattern })
        bytes[at + 3] = 1
        #expect {
            try HEIFDecoder.inspect(bytes)
        } throws: { error in
            Self.refusal(error) == "the grid of item 2 is 64 × 48, but its 1 × 2 tiles of 64 × 64 cover 128 × 64"
        }
    }

    /// The body of the first box of `type` found in `bytes` (a flat search, for the fixtures).
    static func boxBody(_ bytes: [UInt8], _ type: String) throws -> ArraySlice<UInt8> {
        let marker = Array(type.utf8)
        let at = try #require((4..<(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == marker })
        let size = Int(bytes[at - 4]) << 24 | Int(bytes[at - 3]) << 16 | Int(bytes[at - 2]) << 8 | Int(bytes[at - 1])
        return bytes[(at + 4)..<(at - 4 + size)]
    }

    @Test func theAV1SequenceHeaderIsReadFromTheItemsOBUs() throws {
        let bytes = try Fixtures.resource("large-flat.avif")
        #expect(AV1SequenceHeader.all(inOBUs: try Self.boxBody(bytes, "av1C").dropFirst(4)).headers.isEmpty)
        let found = AV1SequenceHeader.all(inOBUs: try Self.boxBody(bytes, "mdat"))
        #expect(found.complete)
        #expect(found.headers.map { [$0.maxFrameWidth, $0.maxFrameHeight] } == [[12000, 12000]])
    }

    @Test func theHEVCSPSIsReadFromHvcCsArrays() throws {
        let hvcC = try Self.boxBody(Fixtures.resource("large-flat.heic"), "hvcC")
        // hvcC's arrays start at byte 23; find the SPS (NAL type 33) by its header byte 0x42.
        let start = try #require((23..<hvcC.count).first { hvcC[hvcC.startIndex + $0] == 0x42 && hvcC[hvcC.startIndex + $0 + 1] == 0x01 })
        let sps = try #require(HEVCSequenceParameterSet(nal: hvcC.dropFirst(start)))
        #expect([sps.codedWidth, sps.codedHeight, sps.croppedWidth, sps.croppedHeight] == [7008, 7008, 7000, 7000])
    }

    /// libde265 takes the latest SPS, so one among the item's own NAL units counts as much
    /// as hvcC's: quadrants.heic (64 × 64, its one extent running to the end of the file)
    /// with large-flat.heic's 7000 × 7000 SPS appended to its data is refused.
    @Test func anSPSInTheItemsDataIsCheckedToo() throws {
        var bytes = try Fixtures.resource("quadrants.heic")
        let hvcC = try Self.boxBody(Fixtures.resource("large-flat.heic"), "hvcC")
        let start = try #require((23..<hvcC.count).first { hvcC[hvcC.startIndex + $0] == 0x42 && hvcC[hvcC.startIndex + $0 + 1] == 0x01 })
        let length = Int(hvcC[hvcC.startIndex + start - 2]) << 8 | Int(hvcC[hvcC.startIndex + start - 1])
        let sps = Array(hvcC[(hvcC.startIndex + start)..<(hvcC.startIndex + start + length)])
        let appended = [UInt8(0), 0, UInt8(length >> 8), UInt8(length & 0xFF)] + sps
        // iloc (at 73, version 0, 4-byte fields): the extent's length is at 103; mdat's size at 991.
        #expect(bytes[103..<107].elementsEqual([0, 0, 0x01, 0x32]) && bytes.count == 1305)
        for at in [103, 991] {
            let value = bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } + appended.count
            bytes.replaceSubrange(at..<(at + 4), with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) })
        }
        bytes += appended
        #expect {
            try HEIFDecoder.inspect(bytes)
        } throws: { error in
            Self.refusal(error) == "the HEVC SPS of item 1 makes a 7000 × 7000 picture, its ispe says 64 × 64"
        }
    }
}
