/// The picture size an HEVC sequence parameter set declares (H.265 §7.3.2.2): the coded
/// size in luma samples, which libde265 allocates, and the size after the conformance
/// window's crop, which is the picture a HEIF `ispe` describes.
///
/// Why: a HEIC whose `ispe` said 64 × 64 carried a 7000 × 7000 SPS and was decoded in full
/// (598 MB) before the pipeline saw its real size (issue 21).
struct HEVCSequenceParameterSet: Equatable {
    let codedWidth: Int
    let codedHeight: Int
    let croppedWidth: Int
    let croppedHeight: Int

    /// The NAL unit type of an SPS.
    static let nalType = 33

    /// Parses an SPS NAL unit (with its two-byte NAL header and emulation prevention
    /// bytes), or nil when it is not an SPS or stops before the conformance window.
    init?<Bytes: RandomAccessCollection<UInt8>>(nal: Bytes) where Bytes.Index == Int {
        guard nal.count > 2, Int(nal[nal.startIndex] >> 1) & 0x3F == Self.nalType else { return nil }
        // The size comes within the first few dozen bytes; the rest (VUI, tables) is not read.
        var reader = BitReader(Self.rbsp(nal.dropFirst(2).prefix(256)))
        guard reader.skip(4) != nil, let maxSubLayersMinus1 = reader.bits(3), reader.skip(1) != nil,
            Self.skipProfileTierLevel(&reader, maxSubLayersMinus1: maxSubLayersMinus1) != nil,
            reader.expGolomb() != nil,  // sps_seq_parameter_set_id
            let chromaFormat = reader.expGolomb()
        else { return nil }
        var separateColourPlanes = false
        if chromaFormat == 3 {
            guard let flag = reader.flag() else { return nil }
            separateColourPlanes = flag
        }
        guard let width = reader.expGolomb(), let height = reader.expGolomb(), let windowPresent = reader.flag() else {
            return nil
        }
        var window = (left: 0, right: 0, top: 0, bottom: 0)
        if windowPresent {
            guard let left = reader.expGolomb(), let right = reader.expGolomb(), let top = reader.expGolomb(),
                let bottom = reader.expGolomb()
            else { return nil }
            window = (left, right, top, bottom)
        }
        let subWidth = !separateColourPlanes && (chromaFormat == 1 || chromaFormat == 2) ? 2 : 1
        let subHeight = !separateColourPlanes && chromaFormat == 1 ? 2 : 1
        codedWidth = width
        codedHeight = height
        croppedWidth = width - subWidth * (window.left + window.right)
        croppedHeight = height - subHeight * (window.top + window.bottom)
    }

    /// `profile_tier_level(1, maxSubLayersMinus1)`: 96 bits for the general profile and
    /// level, then the sub-layers' flags and fields.
    private static func skipProfileTierLevel(_ reader: inout BitReader, maxSubLayersMinus1: Int) -> Void? {
        guard reader.skip(96) != nil else { return nil }
        var present: [(profile: Bool, level: Bool)] = []
        for _ in 0..<maxSubLayersMinus1 {
            guard let profile = reader.flag(), let level = reader.flag() else { return nil }
            present.append((profile, level))
        }
        if maxSubLayersMinus1 > 0 { guard reader.skip(2 * (8 - maxSubLayersMinus1)) != nil else { return nil } }
        for layer in present {
            if layer.profile { guard reader.skip(88) != nil else { return nil } }
            if layer.level { guard reader.skip(8) != nil else { return nil } }
        }
        return ()
    }

    /// The RBSP of a NAL unit's payload: every `00 00 03` loses its `03`.
    private static func rbsp<Bytes: Sequence<UInt8>>(_ payload: Bytes) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(payload.underestimatedCount)
        var zeros = 0
        for byte in payload {
            if zeros >= 2, byte == 3 {
                zeros = 0
                continue
            }
            zeros = byte == 0 ? zeros + 1 : 0
            out.append(byte)
        }
        return out
    }
}
