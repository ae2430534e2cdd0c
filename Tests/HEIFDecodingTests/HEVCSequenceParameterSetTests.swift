import Testing

@testable import HEIFDecoding

/// An SPS with a sub-layer (its profile and level fields skipped), 4:2:0 and a conformance
/// window, written as a NAL unit with emulation prevention bytes (H.265 §7.3.2.2, §7.4.2):
/// the coded size is what libde265 allocates, the cropped size what `ispe` describes.
@Suite struct HEVCSequenceParameterSetTests {
    typealias BitWriter = AV1SequenceHeaderTests.BitWriter

    /// `ue(v)`: leading zeros, then value + 1 in binary.
    static func putUE(_ writer: inout BitWriter, _ value: Int) {
        let code = value + 1
        let length = Int.bitWidth - code.leadingZeroBitCount
        writer.put(0, length - 1)
        writer.put(code, length)
    }

    /// The RBSP as a NAL payload: `03` after every two zero bytes that precede 0–3.
    static func escaped(_ rbsp: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var zeros = 0
        for byte in rbsp {
            if zeros >= 2, byte <= 3 {
                out.append(3)
                zeros = 0
            }
            out.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return out
    }

    @Test func anSPSWithASubLayerAndACropGivesBothSizes() throws {
        var sps = BitWriter()
        sps.put(0, 4)  // sps_video_parameter_set_id
        sps.put(1, 3)  // sps_max_sub_layers_minus1
        sps.put(1, 1)  // sps_temporal_id_nesting_flag
        sps.put(0, 96)  // general profile, tier, flags and level
        sps.put(1, 1)  // sub_layer_profile_present_flag[0]
        sps.put(1, 1)  // sub_layer_level_present_flag[0]
        sps.put(0, 2 * 7)  // reserved_zero_2bits for the remaining seven sub-layers
        sps.put(0, 88)  // sub-layer profile
        sps.put(0, 8)  // sub-layer level
        Self.putUE(&sps, 0)  // sps_seq_parameter_set_id
        Self.putUE(&sps, 1)  // chroma_format_idc: 4:2:0
        Self.putUE(&sps, 4000)  // pic_width_in_luma_samples
        Self.putUE(&sps, 3000)  // pic_height_in_luma_samples
        sps.put(1, 1)  // conformance_window_flag
        for offset in [0, 4, 0, 2] { Self.putUE(&sps, offset) }  // left, right, top, bottom (in chroma units)
        sps.put(0xFF, 8)  // more fields (not read)
        let payload = Self.escaped(sps.bytes)
        #expect(payload.count > sps.bytes.count, "the zero runs needed emulation prevention")
        let nal: [UInt8] = [0x42, 0x01] + payload
        let parsed = try #require(HEVCSequenceParameterSet(nal: nal))
        #expect([parsed.codedWidth, parsed.codedHeight, parsed.croppedWidth, parsed.croppedHeight] == [4000, 3000, 3992, 2996])
    }
}
