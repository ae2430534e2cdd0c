import GrainSupport

/// A CIDv1 with a SHA-256 multihash, the only kind atproto uses: `raw` (0x55) for blobs
/// and `dagCBOR` (0x71) for records and commits. Written as multibase base32 (`b…`), so
/// blob CIDs start `bafkrei` and record CIDs `bafyrei`.
package struct CID: Sendable, Hashable, CustomStringConvertible {
    /// A multicodec code that fits in one varint byte (below 0x80).
    package struct Codec: Sendable, Hashable, RawRepresentable {
        package let rawValue: UInt8
        package init?(rawValue: UInt8) {
            guard rawValue < 0x80 else { return nil }
            self.rawValue = rawValue
        }
        package static let raw = Codec(rawValue: 0x55)!
        package static let dagCBOR = Codec(rawValue: 0x71)!
    }

    package let codec: Codec
    /// The 32-byte SHA-256 digest.
    package let digest: [UInt8]

    package init(codec: Codec, digest: [UInt8]) {
        precondition(digest.count == 32, "a SHA-256 digest has 32 bytes")
        self.codec = codec
        self.digest = digest
    }

    /// The CID of a blob: raw codec over the bytes' SHA-256.
    package static func raw(of bytes: some Sequence<UInt8>) -> CID {
        CID(codec: .raw, digest: SHA256.hash(bytes))
    }

    /// The CID of DAG-CBOR-encoded data.
    package static func dagCBOR(ofEncoded bytes: some Sequence<UInt8>) -> CID {
        CID(codec: .dagCBOR, digest: SHA256.hash(bytes))
    }

    /// Binary form: version 1, codec, multihash (sha2-256 = 0x12, length 0x20, digest).
    package var bytes: [UInt8] { [0x01, codec.rawValue, 0x12, 0x20] + digest }

    /// Multibase base32 text, `b` followed by lowercase base32 of `bytes`.
    package var string: String { "b" + Base32.encode(bytes) }

    package var description: String { string }

    /// Parses `b…` text; nil for anything else (CIDv0, other bases, other hashes,
    /// multi-byte codecs, wrong lengths).
    package init?(string: String) {
        guard string.hasPrefix("b"), let bytes = Base32.decode(String(string.dropFirst())) else { return nil }
        self.init(bytes: bytes)
    }

    /// Parses the binary form; nil unless it is exactly what `bytes` produces.
    package init?(bytes: [UInt8]) {
        guard bytes.count == 36, bytes[0] == 0x01, bytes[2] == 0x12, bytes[3] == 0x20,
            let codec = Codec(rawValue: bytes[1])
        else { return nil }
        self.init(codec: codec, digest: Array(bytes[4...]))
    }
}
