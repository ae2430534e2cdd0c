import Glibc

/// Pure parsing of DNS answers: the part of a lookup that can be tested with crafted
/// bytes and no network.
package enum DNSMessage {
    /// Record types and the class this parser cares about (RFC 1035 §3.2).
    static let typeCNAME: UInt16 = 5
    static let typeTXT: UInt16 = 16
    static let classIN: UInt16 = 1

    /// The TXT records answering `name` in `message`, each record's character-strings
    /// concatenated (RFC 7208 §3.3 style, as atproto's `did=` records expect).
    ///
    /// Only answer records owned by `name`, or by a name a CNAME in the same answer
    /// leads to from `name`, count; the rest of the message is checked for shape and
    /// otherwise ignored. NXDOMAIN is an empty list; other failure codes throw
    /// `serverFailure`. Text that is not UTF-8 is decoded with replacement characters,
    /// which later validation (a DID must be ASCII) rejects.
    package static func txtRecords(in message: [UInt8], name: String) throws(DNSError) -> [String] {
        var reader = DNSMessageReader(message)
        guard message.count >= 12 else { throw .malformedMessage("shorter than a DNS header") }
        _ = try reader.readUInt16()  // id: the C resolver already matched it to the query
        let flags = try reader.readUInt16()
        let questions = Int(try reader.readUInt16())
        let answers = Int(try reader.readUInt16())
        _ = try reader.readUInt32()  // authority and additional counts: not read

        guard flags & 0x8000 != 0 else { throw .malformedMessage("not a response") }
        guard flags & 0x0200 == 0 else { throw .malformedMessage("the answer was truncated") }
        switch flags & 0x000F {
        case 0: break
        case 3: return []  // NXDOMAIN: the name does not exist
        case let code: throw .serverFailure(Self.rcodeName(code))
        }

        for _ in 0..<questions {
            _ = try reader.readName()
            try reader.skip(4)  // type and class
        }

        var owners: [[[UInt8]]] = [DNSName.labels(of: try DNSName.validated(name))]
        var records: [String] = []
        for _ in 0..<answers {
            let owner = try reader.readName()
            let type = try reader.readUInt16()
            let recordClass = try reader.readUInt16()
            _ = try reader.readUInt32()  // TTL: every lookup is fresh
            let length = Int(try reader.readUInt16())
            let start = reader.position
            try reader.skip(length)
            guard recordClass == classIN, owners.contains(owner) else { continue }
            let data = message[start..<(start + length)]
            if type == typeCNAME {
                let (target, end) = try reader.name(at: start)
                guard end == start + length else { throw .malformedMessage("a CNAME's data is not exactly one name") }
                owners.append(target)
            } else if type == typeTXT {
                records.append(try characterStrings(data))
            }
        }
        return records
    }

    /// A TXT record's data: one or more length-prefixed strings that exactly fill it.
    static func characterStrings(_ data: ArraySlice<UInt8>) throws(DNSError) -> String {
        var text: [UInt8] = []
        var index = data.startIndex
        while index < data.endIndex {
            let length = Int(data[index])
            guard length <= data.endIndex - index - 1 else { throw .malformedMessage("a TXT string runs past its record") }
            text.append(contentsOf: data[(index + 1)..<(index + 1 + length)])
            index += 1 + length
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Why a lookup got no usable answer: the failure code of a reply whose header is
    /// in `header` (a zero-filled buffer has no QR bit), else a timeout or, when no
    /// reply came and no time ran out, an unreachable server.
    static func failure(header: [UInt8], errno code: Int32) -> DNSError {
        if header.count >= 4, header[2] & 0x80 != 0, case let rcode = UInt16(header[3] & 0x0F), rcode != 0 {
            return .serverFailure(rcodeName(rcode))
        }
        return code == ETIMEDOUT ? .timedOut : .serverFailure("no name server could be reached (\(String(cString: strerror(code))))")
    }

    private static func rcodeName(_ code: UInt16) -> String {
        switch code {
        case 1: "FORMERR"
        case 2: "SERVFAIL"
        case 4: "NOTIMP"
        case 5: "REFUSED"
        default: "response code \(code)"
        }
    }
}
