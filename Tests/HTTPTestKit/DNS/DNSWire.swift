/// Builds DNS messages byte by byte for tests: answers for the fake DNS server and
/// crafted (also deliberately broken) messages for parser tests. Written separately
/// from the resolver's parser so that the two check each other.
package enum DNSWire {
    package static let typeA: UInt16 = 1
    package static let typeCNAME: UInt16 = 5
    package static let typeTXT: UInt16 = 16
    package static let classIN: UInt16 = 1

    /// Response codes used by the tests.
    package static let noError: UInt16 = 0
    package static let serverFailure: UInt16 = 2
    package static let nameError: UInt16 = 3
    package static let refused: UInt16 = 5

    /// `name` as length-prefixed labels ending in a zero octet (no compression).
    package static func name(_ name: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for label in name.split(separator: ".") {
            bytes.append(UInt8(label.utf8.count))
            bytes += Array(label.utf8)
        }
        return bytes + [0]
    }

    /// A compression pointer to `offset` (12 is the question's name).
    package static func pointer(to offset: Int) -> [UInt8] {
        [0xC0 | UInt8(offset >> 8), UInt8(offset & 0xFF)]
    }

    /// TXT data: each string with its length octet.
    package static func txtData(_ strings: [String]) -> [UInt8] {
        strings.flatMap { [UInt8($0.utf8.count)] + Array($0.utf8) }
    }

    /// A resource record with an already encoded owner name.
    package static func record(owner: [UInt8], type: UInt16, recordClass: UInt16 = classIN, ttl: UInt32 = 300, data: [UInt8]) -> [UInt8] {
        owner + be16(type) + be16(recordClass) + be32(ttl) + be16(UInt16(data.count)) + data
    }

    /// A question: encoded name, type, class.
    package static func question(_ name: String, type: UInt16 = typeTXT) -> [UInt8] {
        self.name(name) + be16(type) + be16(classIN)
    }

    /// A whole response: header, the questions and the answer records as given.
    package static func response(
        id: UInt16 = 0x1234, rcode: UInt16 = noError, truncated: Bool = false,
        questions: [[UInt8]], answers: [[UInt8]], answerCount: UInt16? = nil
    ) -> [UInt8] {
        var flags: UInt16 = 0x8000 | 0x0400 | 0x0100 | 0x0080 | rcode  // QR, AA, RD, RA
        if truncated { flags |= 0x0200 }
        let header = be16(id) + be16(flags) + be16(UInt16(questions.count)) + be16(answerCount ?? UInt16(answers.count)) + be16(0) + be16(0)
        return header + questions.flatMap { $0 } + answers.flatMap { $0 }
    }

    package static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    package static func be32(_ value: UInt32) -> [UInt8] { be16(UInt16(value >> 16)) + be16(UInt16(value & 0xFFFF)) }
}
