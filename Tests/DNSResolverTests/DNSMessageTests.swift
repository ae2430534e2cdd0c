import DNSResolver
import HTTPTestKit
import Testing

/// The answer parser on crafted messages: good ones first, then the hostile ones.
@Suite struct DNSMessageTests {
    static let name = "_atproto.alice.test"
    static let question = DNSWire.question(name)
    static let atQuestion = DNSWire.pointer(to: 12)

    static func txt(_ strings: [String], owner: [UInt8] = atQuestion) -> [UInt8] {
        DNSWire.record(owner: owner, type: DNSWire.typeTXT, data: DNSWire.txtData(strings))
    }

    static func parse(_ message: [UInt8]) throws(DNSError) -> [String] {
        try DNSMessage.txtRecords(in: message, name: name)
    }

    @Test func singleRecordWithACompressedOwnerIsRead() throws {
        let message = DNSWire.response(questions: [Self.question], answers: [Self.txt(["did=did:plc:abc"])])
        #expect(try Self.parse(message) == ["did=did:plc:abc"])
    }

    @Test func uncompressedOwnerInAnotherCaseMatches() throws {
        let message = DNSWire.response(questions: [Self.question], answers: [Self.txt(["x"], owner: DNSWire.name("_ATPROTO.Alice.TEST"))])
        #expect(try Self.parse(message) == ["x"])
    }

    @Test func stringsOfOneRecordAreConcatenatedAndRecordsKeptApart() throws {
        let message = DNSWire.response(
            questions: [Self.question],
            answers: [
                Self.txt(["did=did:plc:", "abc"]), Self.txt(["v=spf1 -all"]),
            ])
        #expect(try Self.parse(message) == ["did=did:plc:abc", "v=spf1 -all"])
    }

    @Test func recordsForOtherNamesAndOtherTypesAreIgnored() throws {
        let other = Self.txt(["did=did:plc:other"], owner: DNSWire.name("_atproto.mallory.test"))
        let address = DNSWire.record(owner: Self.atQuestion, type: DNSWire.typeA, data: [127, 0, 0, 1])
        let message = DNSWire.response(questions: [Self.question], answers: [other, address, Self.txt(["mine"])])
        #expect(try Self.parse(message) == ["mine"])
    }

    @Test func cnameChainIsFollowedWithinTheAnswer() throws {
        let cname = DNSWire.record(owner: Self.atQuestion, type: DNSWire.typeCNAME, data: DNSWire.name("target.example.net"))
        // The TXT owner points back at the CNAME's data (offset of that name).
        let targetOffset = 12 + Self.question.count + 2 + 10
        let message = DNSWire.response(questions: [Self.question], answers: [cname, Self.txt(["via cname"], owner: DNSWire.pointer(to: targetOffset))])
        #expect(try Self.parse(message) == ["via cname"])
    }

    @Test func nxdomainIsAnEmptyList() throws {
        let message = DNSWire.response(rcode: DNSWire.nameError, questions: [Self.question], answers: [])
        #expect(try Self.parse(message) == [])
    }

    @Test func servfailAndRefusedAreServerFailures() {
        for rcode in [DNSWire.serverFailure, DNSWire.refused] {
            let message = DNSWire.response(rcode: rcode, questions: [Self.question], answers: [])
            #expect(throws: DNSError.self) { try Self.parse(message) }
            #expect(throws: DNSError.serverFailure(rcode == DNSWire.refused ? "REFUSED" : "SERVFAIL")) { try Self.parse(message) }
        }
    }

    @Test func emptyTXTDataIsAnEmptyString() throws {
        let record = DNSWire.record(owner: Self.atQuestion, type: DNSWire.typeTXT, data: [])
        #expect(try Self.parse(DNSWire.response(questions: [Self.question], answers: [record])) == [""])
    }

    // MARK: Hostile input

    @Test func everyTruncationOfAGoodMessageIsAnErrorNotACrash() {
        let message = DNSWire.response(questions: [Self.question], answers: [Self.txt(["did=did:plc:abc", "more"])])
        for length in 0..<message.count {
            #expect(throws: DNSError.self) { try Self.parse(Array(message.prefix(length))) }
        }
    }

    @Test func selfPointingCompressionIsRefused() {
        let loop = DNSWire.record(owner: DNSWire.pointer(to: 12 + Self.question.count), type: DNSWire.typeTXT, data: DNSWire.txtData(["x"]))
        let message = DNSWire.response(questions: [Self.question], answers: [loop])
        #expect(throws: DNSError.self) { try Self.parse(message) }
    }

    @Test func forwardPointingCompressionIsRefused() {
        let forward = DNSWire.record(owner: DNSWire.pointer(to: 12 + Self.question.count + 2), type: DNSWire.typeTXT, data: DNSWire.txtData(["x"]))
        #expect(throws: DNSError.self) { try Self.parse(DNSWire.response(questions: [Self.question], answers: [forward])) }
    }

    /// A label that swallows the pointer leading into it, so following pointers would
    /// go round for ever: the jump and length limits end it.
    @Test func pointerLoopThroughALabelEnds() {
        // Question name at 12: one label of length 2 whose bytes are a pointer back to 12.
        let question: [UInt8] = [2, 0xC0, 12, 0] + DNSWire.be16(DNSWire.typeTXT) + DNSWire.be16(DNSWire.classIN)
        var looping = question
        looping[3] = 0xC0  // replace the terminator: label, then a pointer to the label's own start
        looping.insert(12, at: 4)
        let message = DNSWire.response(questions: [looping], answers: [])
        #expect(throws: DNSError.self) { try Self.parse(message) }
    }

    /// A message whose second answer's owner is a chain of `count` pointers, each to
    /// the one before it, the first to a root name: all hidden in the first answer's data.
    static func pointerChain(_ count: Int) -> [UInt8] {
        let filler = DNSWire.name("x.test")
        let chainStart = 12 + question.count + filler.count + 10
        var chain: [UInt8] = [0]
        for index in 0..<count { chain += DNSWire.pointer(to: index == 0 ? chainStart : chainStart + 1 + 2 * (index - 1)) }
        let first = DNSWire.record(owner: filler, type: DNSWire.typeA, data: chain)
        let second = txt(["x"], owner: DNSWire.pointer(to: chainStart + 1 + 2 * (count - 1)))
        return DNSWire.response(questions: [question], answers: [first, second])
    }

    @Test func chainsOfPointersEndAtTheJumpLimit() throws {
        #expect(try Self.parse(Self.pointerChain(100)) == [])  // legal, owned by the root name
        #expect(throws: DNSError.malformedMessage("too many compression pointers in a name")) { try Self.parse(Self.pointerChain(200)) }
    }

    @Test func labelLengthPastTheEndIsRefused() {
        let message = DNSWire.response(questions: [], answers: [[63, 0x61, 0x62]])
        #expect(throws: DNSError.self) { try Self.parse(message) }
    }

    @Test func reservedLabelTypesAreRefused() {
        for marker: UInt8 in [0x40, 0x80] {
            let message = DNSWire.response(questions: [[marker, 0, 0, 16, 0, 1]], answers: [])
            #expect(throws: DNSError.self) { try Self.parse(message) }
        }
    }

    @Test func namesLongerThan255OctetsAreRefused() {
        let label = [UInt8(63)] + [UInt8](repeating: 0x61, count: 63)
        let name = Array([[UInt8]](repeating: label, count: 5).joined()) + [0]
        let message = DNSWire.response(questions: [name + DNSWire.be16(16) + DNSWire.be16(1)], answers: [])
        #expect(throws: DNSError.malformedMessage("a name is longer than 255 octets")) { try Self.parse(message) }
    }

    @Test func hugeCountsWithoutTheRecordsAreRefused() {
        var message = DNSWire.response(questions: [Self.question], answers: [Self.txt(["x"])])
        message[6] = 0xFF
        message[7] = 0xFF
        #expect(throws: DNSError.self) { try Self.parse(message) }
        message[4] = 0xFF
        message[5] = 0xFF
        #expect(throws: DNSError.self) { try Self.parse(message) }
    }

    @Test func txtStringLongerThanItsRecordIsRefused() {
        let record = DNSWire.record(owner: Self.atQuestion, type: DNSWire.typeTXT, data: [10, 0x61, 0x62])
        let message = DNSWire.response(questions: [Self.question], answers: [record])
        #expect(throws: DNSError.malformedMessage("a TXT string runs past its record")) { try Self.parse(message) }
    }

    @Test func recordLengthPastTheEndIsRefused() {
        var record = Self.txt(["abc"])
        record[record.count - 5] = 0x40  // rdlength low byte: claims 64 bytes
        let message = DNSWire.response(questions: [Self.question], answers: [record])
        #expect(throws: DNSError.self) { try Self.parse(message) }
    }

    @Test func queriesAndTruncatedAnswersAreRefused() {
        var query = DNSWire.response(questions: [Self.question], answers: [])
        query[2] &= 0x7F
        #expect(throws: DNSError.malformedMessage("not a response")) { try Self.parse(query) }
        let truncated = DNSWire.response(truncated: true, questions: [Self.question], answers: [Self.txt(["x"])])
        #expect(throws: DNSError.malformedMessage("the answer was truncated")) { try Self.parse(truncated) }
    }

    @Test func invalidUTF8IsReplacedNotTrusted() throws {
        let record = DNSWire.record(owner: Self.atQuestion, type: DNSWire.typeTXT, data: [4, 0x64, 0x69, 0xFF, 0x64])
        let records = try Self.parse(DNSWire.response(questions: [Self.question], answers: [record]))
        #expect(records == ["di\u{FFFD}d"])
    }
}
