/// The picture size an AV1 sequence header allows (AV1 spec §5.5, `sequence_header_obu`):
/// every frame of the sequence is at most `maxFrameWidth × maxFrameHeight`, so it is what
/// the decoder (dav1d, libaom) allocates for, whatever the HEIF `ispe` says.
///
/// Why: a 1,732-byte AVIF whose `ispe` said 64 × 64 carried a 12000 × 12000 sequence and
/// was decoded in full (1.8 GB) before the pipeline saw its real size (issue 21).
struct AV1SequenceHeader: Equatable {
    let maxFrameWidth: Int
    let maxFrameHeight: Int

    /// The OBU type of a sequence header.
    static let obuType = 1

    /// Parses a sequence header OBU's payload (after the OBU header and size), or nil when
    /// it stops before the frame size.
    init?(payload: [UInt8]) {
        var reader = BitReader(payload)
        guard reader.skip(4) != nil,  // seq_profile, still_picture
            let reduced = reader.flag()
        else { return nil }
        if reduced {
            guard reader.skip(5) != nil else { return nil }  // seq_level_idx[0]
        } else {
            guard Self.skipOperatingPoints(&reader) != nil else { return nil }
        }
        guard let widthBits = reader.bits(4), let heightBits = reader.bits(4),
            let width = reader.bits(widthBits + 1), let height = reader.bits(heightBits + 1)
        else { return nil }
        maxFrameWidth = width + 1
        maxFrameHeight = height + 1
    }

    /// Skips timing, decoder model and operating point fields of a full sequence header.
    private static func skipOperatingPoints(_ reader: inout BitReader) -> Void? {
        var decoderModelInfoPresent = false
        var bufferDelayLength = 0
        guard let timingInfoPresent = reader.flag() else { return nil }
        if timingInfoPresent {
            guard reader.skip(64) != nil, let equalPictureInterval = reader.flag() else { return nil }
            if equalPictureInterval { guard reader.expGolomb() != nil else { return nil } }
            guard let modelPresent = reader.flag() else { return nil }
            decoderModelInfoPresent = modelPresent
            if modelPresent {
                guard let delayLength = reader.bits(5), reader.skip(32 + 5 + 5) != nil else { return nil }
                bufferDelayLength = delayLength + 1
            }
        }
        guard let initialDisplayDelayPresent = reader.flag(), let count = reader.bits(5) else { return nil }
        for _ in 0...count {
            guard reader.skip(12) != nil, let level = reader.bits(5) else { return nil }
            if level > 7 { guard reader.skip(1) != nil else { return nil } }
            if decoderModelInfoPresent {
                guard let present = reader.flag() else { return nil }
                if present { guard reader.skip(2 * bufferDelayLength + 1) != nil else { return nil } }
            }
            if initialDisplayDelayPresent {
                guard let present = reader.flag() else { return nil }
                if present { guard reader.skip(4) != nil else { return nil } }
            }
        }
        return ()
    }

    /// Every sequence header among the OBUs in `bytes` (a low-overhead bitstream, as in
    /// `av1C`'s configOBUs and an AVIF item's data), and whether the OBUs could be walked
    /// to the end. An OBU without a size field runs to the end of `bytes`.
    static func all<Bytes: RandomAccessCollection<UInt8>>(
        inOBUs bytes: Bytes
    ) -> (headers: [AV1SequenceHeader], complete: Bool) where Bytes.Index == Int {
        var headers: [AV1SequenceHeader] = []
        var at = bytes.startIndex
        while at < bytes.endIndex {
            let header = bytes[at]
            let type = Int(header >> 3) & 15
            let hasExtension = header & 4 != 0
            let hasSize = header & 2 != 0
            at += hasExtension ? 2 : 1
            var size = bytes.endIndex - at
            if hasSize {
                guard let (value, length) = leb128(bytes, at) else { return (headers, false) }
                at += length
                size = value
            }
            guard at <= bytes.endIndex, size >= 0, size <= bytes.endIndex - at else { return (headers, false) }
            if type == obuType {
                guard let parsed = AV1SequenceHeader(payload: Array(bytes[at..<(at + min(size, 256))])) else { return (headers, false) }
                headers.append(parsed)
            }
            at += size
        }
        return (headers, true)
    }

    /// An unsigned LEB128 number at `at` (at most 8 bytes, AV1's `leb128()`) and its length.
    private static func leb128<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ at: Int) -> (Int, Int)?
    where Bytes.Index == Int {
        var value = 0
        for index in 0..<8 {
            guard at + index < bytes.endIndex else { return nil }
            let byte = bytes[at + index]
            value |= Int(byte & 0x7F) << (7 * index)
            if byte & 0x80 == 0 { return (value, index + 1) }
        }
        return nil
    }
}
