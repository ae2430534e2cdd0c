import Testing

@testable import WebSockets

/// Pieces to messages, with the cap checked before anything past it is kept.
@Suite struct MessageAssemblerTests {
    func add(_ assembler: inout MessageAssembler, _ text: String, binary: Bool = false, last: Bool) -> MessageAssembler.Outcome {
        Array(text.utf8).withUnsafeBytes { assembler.add($0, isBinary: binary, isLast: last) }
    }

    @Test func piecesJoinIntoOneMessage() {
        var assembler = MessageAssembler(maxBytes: 10)
        #expect(add(&assembler, "hello ", last: false) == .partial)
        #expect(add(&assembler, "you", last: true) == .message("hello you"))
        #expect(add(&assembler, "next", last: true) == .message("next"))
    }

    @Test func theCapCountsEveryPieceOfTheMessage() {
        var assembler = MessageAssembler(maxBytes: 10)
        #expect(add(&assembler, "12345", last: false) == .partial)
        #expect(add(&assembler, "123456", last: true) == .tooLarge)
        #expect(add(&assembler, "1234567890", last: true) == .message("1234567890"))
    }

    @Test func binaryFramesAndBrokenUTF8AreNotText() {
        var assembler = MessageAssembler(maxBytes: 10)
        #expect(add(&assembler, "abc", binary: true, last: true) == .notText)
        let broken: [UInt8] = [0x61, 0xC3]
        #expect(broken.withUnsafeBytes { assembler.add($0, isBinary: false, isLast: true) } == .notText)
    }
}
