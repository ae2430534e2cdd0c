import Foundation
import Testing

@testable import GrainStoriesWeb

/// The mention search sends a query on only when it is letters, digits, marks and
/// `.-_`: the same letters `CharacterSet.alphanumerics` allowed before the server stopped
/// linking full Foundation (issue 26). Foundation's tables are older and leave out some
/// ranges of ideographs (Tangut, CJK extension I) and the letters of Unicode 16 and later,
/// which the standard library knows: those the server now accepts too. Nothing that
/// Foundation accepted is refused.
@Suite struct MentionQueryTests {
    @Test func alphanumericIsFoundationsAlphanumericsAndNoLess() {
        var refused: [String] = []
        var added = 0
        for value in 0...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            switch (CharacterSet.alphanumerics.contains(scalar), MentionSearchEndpoint.isAlphanumeric(scalar)) {
            case (true, false): refused.append(String(value, radix: 16))
            case (false, true): added += 1
            default: break
            }
        }
        #expect(refused.isEmpty, "\(refused.count): \(refused.prefix(20))")
        // Measured: 15,899, of them 6,767 Tangut and CJK extension I ideographs.
        #expect(added < 20_000, "\(added)")
    }
}
