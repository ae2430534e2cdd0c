/// Reads the parts of a DNS message (RFC 1035 §4) out of untrusted bytes.
///
/// Every read checks bounds and throws `malformedMessage` instead of trapping. Names
/// follow compression pointers, but a pointer must point before itself, a name may
/// take at most `maxJumps` pointers and 255 octets, so hostile pointer loops and
/// endless names end with an error.
struct DNSMessageReader {
    /// More pointers than a legitimate 255-octet name could need.
    static let maxJumps = 128
    /// RFC 1035 §3.1: a name is at most 255 octets on the wire.
    static let maxNameOctets = 255

    let bytes: [UInt8]
    /// Where the next sequential read starts.
    var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - position }

    mutating func readUInt8() throws(DNSError) -> UInt8 {
        guard position < bytes.count else { throw .malformedMessage("ends in the middle of a field") }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func readUInt16() throws(DNSError) -> UInt16 {
        let high = try readUInt8()
        return UInt16(high) << 8 | UInt16(try readUInt8())
    }

    mutating func readUInt32() throws(DNSError) -> UInt32 {
        let high = try readUInt16()
        return UInt32(high) << 16 | UInt32(try readUInt16())
    }

    /// Advances past `count` bytes, which must exist.
    mutating func skip(_ count: Int) throws(DNSError) {
        guard count >= 0, count <= remaining else { throw .malformedMessage("a field runs past the end") }
        position += count
    }

    /// Reads the name at the current position (following compression pointers) and
    /// moves past it. Labels come back lowercased, as raw bytes: a label may contain
    /// any octet, including `.`, so names are compared label by label, never as text.
    mutating func readName() throws(DNSError) -> [[UInt8]] {
        let (labels, end) = try name(at: position)
        position = end
        return labels
    }

    /// The name starting at `offset`, and the offset just after it in the sequential
    /// stream (after the first pointer, if any).
    func name(at offset: Int) throws(DNSError) -> (labels: [[UInt8]], end: Int) {
        var labels: [[UInt8]] = []
        var cursor = offset
        var end: Int?
        var jumps = 0
        var octets = 1  // the terminating zero
        while true {
            guard cursor < bytes.count else { throw .malformedMessage("a name runs past the end") }
            let length = Int(bytes[cursor])
            switch length & 0xC0 {
            case 0x00:
                if length == 0 { return (labels, end ?? cursor + 1) }
                guard length <= bytes.count - cursor - 1 else { throw .malformedMessage("a label runs past the end") }
                octets += length + 1
                guard octets <= Self.maxNameOctets else { throw .malformedMessage("a name is longer than 255 octets") }
                labels.append(bytes[(cursor + 1)...(cursor + length)].map(Self.lowercased))
                cursor += length + 1
            case 0xC0:
                guard cursor + 1 < bytes.count else { throw .malformedMessage("a compression pointer runs past the end") }
                let target = (length & 0x3F) << 8 | Int(bytes[cursor + 1])
                guard target < cursor else { throw .malformedMessage("a compression pointer does not point backwards") }
                jumps += 1
                guard jumps <= Self.maxJumps else { throw .malformedMessage("too many compression pointers in a name") }
                if end == nil { end = cursor + 2 }
                cursor = target
            default:
                throw .malformedMessage("a label uses a reserved type")
            }
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
