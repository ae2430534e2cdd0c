import Foundation

/// DAG-CBOR, the deterministic CBOR subset atproto hashes records with, encoded from
/// the JSON form of atproto data:
///
/// - integers in the shortest form; strings as UTF-8 text; `null`, `true`, `false`;
/// - map keys sorted by encoded length, then bytewise (the DAG-CBOR canonical order);
/// - `{"$link": "<cid>"}` becomes a CID (tag 42 over `0x00` + the binary CID);
/// - `{"$bytes": "<base64>"}` becomes a byte string;
/// - floating-point numbers are refused: atproto data does not allow them.
package enum DAGCBOR {
    /// Why a value cannot be encoded.
    package struct EncodingError: Error, Sendable, Equatable, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    package static func encode(_ value: JSONValue) throws(EncodingError) -> [UInt8] {
        var output: [UInt8] = []
        try write(value, to: &output)
        return output
    }

    /// The record CID of `value`: CIDv1, dag-cbor, SHA-256 of `encode(value)`.
    package static func cid(of value: JSONValue) throws(EncodingError) -> CID {
        CID.dagCBOR(ofEncoded: try encode(value))
    }

    private static func write(_ value: JSONValue, to output: inout [UInt8]) throws(EncodingError) {
        switch value {
        case .null: output.append(0xF6)
        case .bool(let flag): output.append(flag ? 0xF5 : 0xF4)
        case .integer(let number):
            if number >= 0 {
                writeHead(major: 0, UInt64(number), to: &output)
            } else {
                writeHead(major: 1, UInt64(-(number + 1)), to: &output)
            }
        case .float:
            throw EncodingError(message: "floating-point numbers are not allowed in atproto data")
        case .string(let text):
            writeHead(major: 3, UInt64(text.utf8.count), to: &output)
            output += Array(text.utf8)
        case .array(let elements):
            writeHead(major: 4, UInt64(elements.count), to: &output)
            for element in elements { try write(element, to: &output) }
        case .object(let members):
            if let special = try specialForm(members) {
                output += special
                return
            }
            writeHead(major: 5, UInt64(members.count), to: &output)
            let keys = members.keys.sorted { lhs, rhs in
                lhs.utf8.count != rhs.utf8.count
                    ? lhs.utf8.count < rhs.utf8.count : lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
            }
            for key in keys {
                try write(.string(key), to: &output)
                try write(members[key, default: .null], to: &output)
            }
        }
    }

    /// The encoding of a `$link` or `$bytes` object, nil for an ordinary map.
    private static func specialForm(_ members: [String: JSONValue]) throws(EncodingError) -> [UInt8]? {
        if let link = members["$link"] {
            guard members.count == 1, let text = link.stringValue, let cid = CID(string: text) else {
                throw EncodingError(message: "invalid $link: must be the only key and a base32 CIDv1")
            }
            var output: [UInt8] = [0xD8, 0x2A]  // Tag 42.
            writeHead(major: 2, UInt64(cid.bytes.count + 1), to: &output)
            return output + [0x00] + cid.bytes
        }
        if let encoded = members["$bytes"] {
            guard members.count == 1, let text = encoded.stringValue, let bytes = decodeBase64(text) else {
                throw EncodingError(message: "invalid $bytes: must be the only key and base64")
            }
            var output: [UInt8] = []
            writeHead(major: 2, UInt64(bytes.count), to: &output)
            return output + bytes
        }
        return nil
    }

    /// Standard base64, padding optional (atproto writes it without).
    private static func decodeBase64(_ text: String) -> [UInt8]? {
        let padded = text + String(repeating: "=", count: (4 - text.utf8.count % 4) % 4)
        return Data(base64Encoded: padded).map(Array.init)
    }

    private static func writeHead(major: UInt8, _ argument: UInt64, to output: inout [UInt8]) {
        let prefix = major << 5
        switch argument {
        case 0..<24: output.append(prefix | UInt8(argument))
        case 24...0xFF: output += [prefix | 24, UInt8(argument)]
        case 0x100...0xFFFF: output += [prefix | 25] + bigEndian(argument, bytes: 2)
        case 0x1_0000...0xFFFF_FFFF: output += [prefix | 26] + bigEndian(argument, bytes: 4)
        default: output += [prefix | 27] + bigEndian(argument, bytes: 8)
        }
    }

    private static func bigEndian(_ value: UInt64, bytes count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
    }
}
