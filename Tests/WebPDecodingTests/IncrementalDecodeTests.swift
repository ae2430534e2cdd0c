import TestKit
import Testing

@testable import WebPDecoding

/// A lossless frame decoded by libwebp's incremental decoder over the caller's bytes, a
/// slice at a time, as the photo pipeline does over a mapped file: the same pixels and the
/// same refusals as `WebPDecode` given everything at once, whatever the slice size, and
/// the bytes released only ever move forward inside the bitstream.
@Suite struct IncrementalDecodeTests {
    /// The scaled decode of `bytes`, incrementally `step` bytes at a time when `step` is
    /// given (else by `WebPDecode`), with the offsets in `bytes` that were released.
    static func decode(
        _ bytes: [UInt8], width: Int, height: Int, step: Int?
    ) -> (result: Result<[UInt8]?, WebPError>, released: [Int]) {
        var released: [Int] = []
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(WebPError) -> [UInt8]? in
                let header = try WebPInspector.inspect(buffer)
                guard let step else { return try WebPDecoder.decodeRGB(bytes, header: header, scaledToWidth: width, height: height) }
                let start = UnsafeRawPointer(buffer.baseAddress!)
                return try WebPDecoder.decodeRGB(
                    buffer, header: header, scaledToWidth: width, height: height, releasing: { released.append($0 - start) },
                    step: step)
            }
        }
        return (result, released)
    }

    /// Every lossless fixture (alpha, EXIF and animations included), at its own size and
    /// scaled, in slices from 1 byte (every header suspended mid-way) to all at once.
    @Test(arguments: ["lossless.webp", "alpha.webp", "exif.webp", "animated.webp", "noisy-lossless.webp"])
    func slicedDecodesGiveWebPDecodesPixels(name: String) throws {
        let bytes = try Fixtures.resource(name)
        let header = try WebPInspector.inspect(bytes)
        for size in [(header.width, header.height), (header.width / 3, header.height / 2)] {
            let whole = try Self.decode(bytes, width: size.0, height: size.1, step: nil).result.get()
            #expect(whole != nil)
            for step in [1, 7, 4096, 1 << 20] where step == 1 ? bytes.count < 10_000 : true {
                let sliced = Self.decode(bytes, width: size.0, height: size.1, step: step)
                #expect(try sliced.result.get() == whole, "\(name) \(size) step \(step)")
            }
        }
    }

    /// A busy 400 × 300 picture (244 KB of VP8L) shown 4 KB at a time: bytes are released
    /// behind the decoder, in order, never past what it was shown less the margin.
    @Test func bytesAreReleasedBehindTheDecoderInOrder() throws {
        let bytes = try Fixtures.resource("noisy-lossless.webp")
        let (result, released) = Self.decode(bytes, width: 200, height: 150, step: 4096)
        _ = try result.get()
        #expect(!released.isEmpty)
        #expect(released == released.sorted())
        let margin = (9 * 400 + 4096) * 8 + (64 << 10)
        #expect(released.allSatisfy { $0 > 12 && $0 <= bytes.count - margin })
    }

    /// The lossless payload cut short with its chunk and RIFF sizes made to match (so the
    /// demuxer calls the file complete), or overwritten in the middle: both paths refuse
    /// alike, or decode the same pixels.
    @Test(arguments: ["cut", "scribbled", "zeroed"])
    func damagedBitstreamsAreRefusedAlike(damage: String) throws {
        var bytes = try Fixtures.resource("noisy-lossless.webp")
        #expect(bytes[12..<16].elementsEqual("VP8L".utf8))
        switch damage {
        case "cut":
            bytes.removeLast(bytes.count / 3)
            if bytes.count % 2 == 1 { bytes.removeLast() }
            Self.setLE32(&bytes, at: 4, bytes.count - 8)
            Self.setLE32(&bytes, at: 16, bytes.count - 20)
        case "scribbled":
            for index in stride(from: bytes.count / 2, to: bytes.count / 2 + 64, by: 1) { bytes[index] ^= 0x5A }
        default:
            for index in 200..<bytes.count / 2 { bytes[index] = 0 }
        }
        let whole = Self.decode(bytes, width: 200, height: 150, step: nil).result
        for step in [4096, 1 << 20] {
            let sliced = Self.decode(bytes, width: 200, height: 150, step: step).result
            switch (whole, sliced) {
            case (.success(let a), .success(let b)): #expect(a == b, "\(damage) step \(step)")
            case (.failure(let a), .failure(let b)): #expect(a.kind == b.kind, "\(damage) step \(step): \(a) vs \(b)")
            default: Issue.record("\(damage) step \(step): \(whole) vs \(sliced)")
            }
        }
        if case .success = whole, damage == "cut" { Issue.record("a cut bitstream decoded") }
    }

    static func setLE32(_ bytes: inout [UInt8], at offset: Int, _ value: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
    }
}
