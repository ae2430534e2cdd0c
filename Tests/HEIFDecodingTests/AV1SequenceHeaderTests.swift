import Testing

@testable import HEIFDecoding

/// The full (not reduced) AV1 sequence header, with timing info, a decoder model and two
/// operating points, is walked field by field to the frame size (AV1 spec §5.5); encoders
/// of stills write the reduced form, which the fixtures cover.
@Suite struct AV1SequenceHeaderTests {
    /// Appends fields MSB first, as the spec's `f(n)` reads them.
    struct BitWriter {
        var bits: [Bool] = []
        mutating func put(_ value: Int, _ count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
        }
        var bytes: [UInt8] {
            stride(from: 0, to: bits.count, by: 8).map { start in
                (0..<8).reduce(UInt8(0)) { byte, index in
                    byte << 1 | (start + index < bits.count && bits[start + index] ? 1 : 0)
                }
            }
        }
    }

    @Test func aFullSequenceHeaderGivesItsMaximumFrameSize() throws {
        var header = BitWriter()
        header.put(0, 3)  // seq_profile
        header.put(0, 1)  // still_picture
        header.put(0, 1)  // reduced_still_picture_header
        header.put(1, 1)  // timing_info_present_flag
        header.put(1, 32)  // num_units_in_display_tick
        header.put(30, 32)  // time_scale
        header.put(1, 1)  // equal_picture_interval
        header.put(1, 1)  // num_ticks_per_picture_minus_1 = uvlc 0
        header.put(1, 1)  // decoder_model_info_present_flag
        header.put(4, 5)  // buffer_delay_length_minus_1: delays are 5 bits
        header.put(1, 32)  // num_units_in_decoding_tick
        header.put(0, 5)  // buffer_removal_time_length_minus_1
        header.put(0, 5)  // frame_presentation_time_length_minus_1
        header.put(1, 1)  // initial_display_delay_present_flag
        header.put(1, 5)  // operating_points_cnt_minus_1: two points
        header.put(0x10F, 12)  // operating_point_idc[0]
        header.put(8, 5)  // seq_level_idx[0] above 7: a tier bit follows
        header.put(1, 1)  // seq_tier[0]
        header.put(1, 1)  // decoder_model_present_for_this_op[0]
        header.put(0, 5 + 5 + 1)  // decoder and encoder buffer delays, low_delay_mode_flag
        header.put(1, 1)  // initial_display_delay_present_for_this_op[0]
        header.put(3, 4)  // initial_display_delay_minus_1[0]
        header.put(0, 12)  // operating_point_idc[1]
        header.put(0, 5)  // seq_level_idx[1]
        header.put(0, 1)  // decoder_model_present_for_this_op[1]
        header.put(0, 1)  // initial_display_delay_present_for_this_op[1]
        header.put(11, 4)  // frame_width_bits_minus_1
        header.put(11, 4)  // frame_height_bits_minus_1
        header.put(3999, 12)  // max_frame_width_minus_1
        header.put(2999, 12)  // max_frame_height_minus_1
        let parsed = try #require(AV1SequenceHeader(payload: header.bytes))
        #expect([parsed.maxFrameWidth, parsed.maxFrameHeight] == [4000, 3000])
        // As an OBU with its size field, after a temporal delimiter: found by the walk.
        let payload = header.bytes
        let obus: [UInt8] = [0x12, 0x00, 0x0A, UInt8(payload.count)] + payload
        let found = AV1SequenceHeader.all(inOBUs: obus)
        #expect(found.complete && found.headers.map { [$0.maxFrameWidth, $0.maxFrameHeight] } == [[4000, 3000]])
    }
}
