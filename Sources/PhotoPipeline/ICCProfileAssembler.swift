/// Collects the APP2 `ICC_PROFILE` chunks of a JPEG and reassembles the profile.
///
/// A profile larger than one segment is split into numbered chunks (1…count); the profile
/// is only returned when every chunk is present exactly once and the counts agree, so a
/// damaged profile is dropped rather than passed on half-written.
struct ICCProfileAssembler {
    /// The signature that starts an ICC chunk's payload: "ICC_PROFILE" and a NUL.
    static let signature: [UInt8] = Array("ICC_PROFILE".utf8) + [0]

    private var chunks: [Int: ArraySlice<UInt8>] = [:]
    private var declaredCount: Int?
    private var isInconsistent = false

    /// Adds one APP2 payload; payloads that are not ICC chunks are ignored.
    mutating func add(segment payload: ArraySlice<UInt8>) {
        let header = Self.signature.count + 2
        guard payload.count >= header, payload.starts(with: Self.signature) else { return }
        let sequence = Int(payload[payload.startIndex + Self.signature.count])
        let count = Int(payload[payload.startIndex + Self.signature.count + 1])
        if sequence < 1 || sequence > count || chunks[sequence] != nil || (declaredCount.map { $0 != count } ?? false) {
            isInconsistent = true
            return
        }
        declaredCount = count
        chunks[sequence] = payload.dropFirst(header)
    }

    /// The whole profile, or nil when absent, incomplete, inconsistent or too short to be
    /// a profile (an ICC header alone is 128 bytes).
    func profile() -> [UInt8]? {
        guard !isInconsistent, let declaredCount, chunks.count == declaredCount else { return nil }
        var profile: [UInt8] = []
        for sequence in 1...declaredCount {
            guard let chunk = chunks[sequence] else { return nil }
            profile.append(contentsOf: chunk)
        }
        return profile.count >= 128 ? profile : nil
    }

    /// The profile's data colour space signature ("RGB ", "GRAY", "CMYK"…), from header bytes 16..<20.
    static func colorSpace(of profile: [UInt8]) -> String {
        guard profile.count >= 20 else { return "" }
        return String(decoding: profile[16..<20], as: UTF8.self)
    }

    /// APP2 segments (marker included) that carry `profile`, split into as few chunks as fit.
    static func segments(for profile: [UInt8]) -> [UInt8] {
        let maxChunk = 65_535 - 2 - signature.count - 2
        let count = max(1, (profile.count + maxChunk - 1) / maxChunk)
        guard count <= 255 else { return [] }
        var out: [UInt8] = []
        out.reserveCapacity(profile.count + count * 20)
        for index in 0..<count {
            let chunk = profile[(index * maxChunk)..<min(profile.count, (index + 1) * maxChunk)]
            let length = 2 + signature.count + 2 + chunk.count
            out += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)]
            out += signature
            out += [UInt8(index + 1), UInt8(count)]
            out += chunk
        }
        return out
    }
}
