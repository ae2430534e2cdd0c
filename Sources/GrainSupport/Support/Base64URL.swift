/// Unpadded base64url (RFC 4648 §5): safe in paths, cookies and query strings.
package enum Base64URL {
    /// Encodes straight from bytes to ASCII: this runs for every image link on every
    /// page, where Foundation's base64 plus three string replacements cost more than the
    /// rest of rendering the page.
    package static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let input = Array(bytes)
        let full = input.count / 3
        let rest = input.count % 3
        let length = full * 4 + (rest == 0 ? 0 : rest + 1)
        return String(unsafeUninitializedCapacity: length) { output in
            var out = 0
            var index = 0
            func put(_ sextet: UInt32) {
                output[out] = alphabet[Int(sextet & 0x3F)]
                out += 1
            }
            for _ in 0..<full {
                let group = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
                put(group >> 18)
                put(group >> 12)
                put(group >> 6)
                put(group)
                index += 3
            }
            if rest == 1 {
                let group = UInt32(input[index]) << 16
                put(group >> 18)
                put(group >> 12)
            } else if rest == 2 {
                let group = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
                put(group >> 18)
                put(group >> 12)
                put(group >> 6)
            }
            return out
        }
    }

    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Whether `text` uses only base64url's characters: letters, digits, `-` and `_`.
    package static func isAlphabetOnly<Text: StringProtocol>(_ text: Text) -> Bool {
        text.utf8.allSatisfy { byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F
        }
    }

    /// Nil for anything that is not unpadded base64url. Decoded straight from the bytes
    /// (every image request checks its signature with this); like Foundation's decoder,
    /// which this replaced, it ignores the unused low bits of the last character.
    package static func decode(_ text: String) -> [UInt8]? {
        let count = text.utf8.count
        guard count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in text.utf8 {
            guard let value = sextet(byte) else { return nil }
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        return output
    }

    /// The value of one base64url character, nil for any other byte.
    private static func sextet(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x41...0x5A: UInt32(byte - 0x41)
        case 0x61...0x7A: UInt32(byte - 0x61 + 26)
        case 0x30...0x39: UInt32(byte - 0x30 + 52)
        case 0x2D: 62
        case 0x5F: 63
        default: nil
        }
    }
}
