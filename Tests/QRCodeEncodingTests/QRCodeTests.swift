import QRCodeEncoding
import TestKit
import Testing

/// libqrencode through its wrapper: what it makes is read back by an independent decoder
/// (zbarimg), and text it cannot hold is a typed error, never a crash.
struct QRCodeTests {
    static let link = "https://stories.example.org/profile/kenji.photo/story/3mstanddocu0"

    /// The code as a binary PGM, `scale` pixels a module, with the four-module quiet zone
    /// the standard asks for: what zbarimg reads.
    static func pgm(_ code: QRCode, scale: Int = 6) -> [UInt8] {
        let side = (code.size + 8) * scale
        var pixels = [UInt8](repeating: 255, count: side * side)
        for row in 0..<code.size {
            for column in 0..<code.size where code.isDark(row: row, column: column) {
                for y in 0..<scale {
                    let start = ((row + 4) * scale + y) * side + (column + 4) * scale
                    for x in 0..<scale { pixels[start + x] = 0 }
                }
            }
        }
        return Array("P5\n\(side) \(side)\n255\n".utf8) + pixels
    }

    @Test func aLinkIsReadBackAsItWasGiven() throws {
        let code = try QRCode.encode(Self.link)
        #expect(code.size == 17 + 4 * code.version, "a QR code of version \(code.version) is \(17 + 4 * code.version) modules a side, not \(code.size)")
        #expect(code.modules.count == code.size * code.size)
        #expect(try QRCodeReader.texts(inImage: Self.pgm(code), extension: "pgm") == [Self.link])
    }

    /// Case survives (a handle is lower case, a path may not be). What the TV encodes is
    /// ASCII (handles, DIDs and record keys are); zbarimg guesses the character set of
    /// non-ASCII bytes, so it is no judge of those.
    @Test func caseIsKept() throws {
        let text = "https://Example.org/MiXeD/AbC-3k2z"
        #expect(try QRCodeReader.texts(inImage: Self.pgm(try QRCode.encode(text)), extension: "pgm") == [text])
    }

    /// More correction makes a larger code for the same text.
    @Test func moreCorrectionMakesALargerCode() throws {
        let low = try QRCode.encode(Self.link, correction: .low)
        let high = try QRCode.encode(Self.link, correction: .high)
        #expect(high.version > low.version)
        #expect(try QRCodeReader.texts(inImage: Self.pgm(high), extension: "pgm") == [Self.link])
    }

    @Test func textACodeCannotHoldIsATypedError() {
        #expect(throws: QRCodeError(.empty, errno: 0)) { try QRCode.encode("") }
        #expect(throws: QRCodeError(.containsNUL, errno: 0)) { try QRCode.encode("a\u{0}b") }
        // Version 40 at medium correction holds 2,331 bytes.
        #expect { try QRCode.encode(String(repeating: "x", count: 2400)) } throws: { error in
            (error as? QRCodeError)?.reason == .tooLong
        }
    }
}
