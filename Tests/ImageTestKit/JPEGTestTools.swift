/// Byte-level JPEG helpers for tests: building and splicing marker segments and listing
/// the segments of an output, written independently of the code under test.
package enum JPEGTestTools {
    /// One marker segment: `FF marker`, big-endian length (payload + 2), payload.
    package static func segment(marker: UInt8, payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        precondition(length <= 0xFFFF, "segment payload too large")
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// `jpeg` with `segments` inserted straight after SOI.
    package static func insertingAfterSOI(_ segments: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        Array(jpeg[..<2]) + segments + Array(jpeg[2...])
    }

    /// The segments before the first SOS (marker code and payload), in file order.
    package static func headerSegments(of jpeg: [UInt8]) -> [(marker: UInt8, payload: [UInt8])] {
        var result: [(UInt8, [UInt8])] = []
        var position = 2
        while position + 4 <= jpeg.count, jpeg[position] == 0xFF {
            let marker = jpeg[position + 1]
            let length = Int(jpeg[position + 2]) << 8 | Int(jpeg[position + 3])
            guard length >= 2, position + 2 + length <= jpeg.count else { break }
            result.append((marker, Array(jpeg[(position + 4)..<(position + 2 + length)])))
            if marker == 0xDA { break }
            position += 2 + length
        }
        return result
    }

    /// Every marker code in the file (including those after the first scan), by scanning
    /// for 0xFF followed by a byte that is not a stuffing 0x00, a fill 0xFF or a restart.
    package static func allMarkers(of jpeg: [UInt8]) -> [UInt8] {
        var markers: [UInt8] = []
        var index = 0
        while index + 1 < jpeg.count {
            if jpeg[index] == 0xFF, jpeg[index + 1] != 0, jpeg[index + 1] != 0xFF, !(0xD0...0xD7).contains(jpeg[index + 1]) {
                markers.append(jpeg[index + 1])
            }
            index += 1
        }
        return markers
    }

    /// APP2 `ICC_PROFILE` segments for `profile`, split into chunks of `chunkSize` bytes.
    package static func iccSegments(profile: [UInt8], chunkSize: Int) -> [UInt8] {
        let chunks = stride(from: 0, to: profile.count, by: chunkSize).map {
            Array(profile[$0..<min(profile.count, $0 + chunkSize)])
        }
        var out: [UInt8] = []
        for (index, chunk) in chunks.enumerated() {
            let payload = Array("ICC_PROFILE".utf8) + [0, UInt8(index + 1), UInt8(chunks.count)] + chunk
            out += segment(marker: 0xE2, payload: payload)
        }
        return out
    }

    /// Reassembles an ICC profile from a file's APP2 chunks, or nil when there are none.
    package static func iccProfile(of jpeg: [UInt8]) -> [UInt8]? {
        let chunks = headerSegments(of: jpeg).filter { $0.marker == 0xE2 && $0.payload.starts(with: Array("ICC_PROFILE".utf8)) }
        guard !chunks.isEmpty else { return nil }
        return chunks.sorted { $0.payload[12] < $1.payload[12] }.flatMap { $0.payload.dropFirst(14) }
    }

    /// A fake but well-formed-looking ICC profile of `size` bytes with colour space `space`.
    package static func fakeICCProfile(size: Int, colorSpace space: String = "RGB ") -> [UInt8] {
        var profile = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let sizeBytes = [UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
        profile.replaceSubrange(0..<4, with: sizeBytes)
        profile.replaceSubrange(16..<20, with: Array(space.utf8))
        profile.replaceSubrange(36..<40, with: Array("acsp".utf8))
        return profile
    }

    /// `jpeg` with the frame header's declared size replaced (the pixel data is unchanged).
    package static func replacingFrameSize(of jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = jpeg
        var position = 2
        while position + 9 < out.count, out[position] == 0xFF {
            let marker = out[position + 1]
            let length = Int(out[position + 2]) << 8 | Int(out[position + 3])
            if [0xC0, 0xC1, 0xC2].contains(marker) {
                out[position + 5] = UInt8(height >> 8)
                out[position + 6] = UInt8(height & 0xFF)
                out[position + 7] = UInt8(width >> 8)
                out[position + 8] = UInt8(width & 0xFF)
                return out
            }
            position += 2 + length
        }
        return out
    }

    /// `jpeg` without the header segments whose marker is `marker` (e.g. 0xC4 for DHT).
    package static func removingSegments(marker: UInt8, from jpeg: [UInt8]) -> [UInt8] {
        var out = Array(jpeg[..<2])
        var position = 2
        while position + 4 <= jpeg.count, jpeg[position] == 0xFF {
            let code = jpeg[position + 1]
            let length = Int(jpeg[position + 2]) << 8 | Int(jpeg[position + 3])
            if code == 0xDA { break }
            if code != marker { out += jpeg[position..<(position + 2 + length)] }
            position += 2 + length
        }
        return out + jpeg[position...]
    }
}
