import Foundation
import Testing

@testable import GrainSupport

/// The server's own trimming must cut exactly what Foundation's did before the server
/// stopped linking it (issue 26): compared here, scalar by scalar, with Foundation itself.
@Suite struct StringTrimmingTests {
    /// Every scalar of the Basic Multilingual Plane and a few beyond, at both ends.
    private static let scalars: [Unicode.Scalar] =
        (0...0xFFFF).compactMap(Unicode.Scalar.init) + [0x1_F4F7, 0x1_0000, 0xE_0020, 0x10_FFFF].compactMap(Unicode.Scalar.init)

    /// Each of the two, beside the Foundation call it replaces.
    private static let pairs: [(name: String, ours: @Sendable (String) -> String, foundation: @Sendable (String) -> String)] = [
        ("whitespaces", { $0.trimmingWhitespace() }, { $0.trimmingCharacters(in: .whitespaces) }),
        ("whitespacesAndNewlines", { $0.trimmingWhitespaceAndNewlines() }, { $0.trimmingCharacters(in: .whitespacesAndNewlines) }),
    ]

    @Test(arguments: 0..<2) func trimmingIsFoundations(pair: Int) {
        let (name, ours, foundation) = Self.pairs[pair]
        var differences: [String] = []
        for scalar in Self.scalars {
            let text = "\(scalar)x\(scalar)"
            if ours(text) != foundation(text) { differences.append(String(scalar.value, radix: 16)) }
        }
        #expect(differences.isEmpty, "\(name): \(differences.prefix(20))")
    }

    @Test(arguments: ["", " ", " \t\n ", "a", "  a b  ", "\u{3000}名前\u{00A0}", "\r\nline\r\n", "é\u{301} "])
    func edgesMatchFoundation(text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
        #expect(text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(Substring(text).trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
    }

    @Test func trimmingWhileCutsOnlyTheEnds() {
        #expect("@@alice@example@@".trimming(while: { $0 == "@" }) == "alice@example")
        #expect("@@@".trimming(while: { $0 == "@" }) == "")
    }
}
