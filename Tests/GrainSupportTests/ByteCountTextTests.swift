import Foundation
import GrainSupport
import Testing

/// Sizes as people read them: limits are never overstated, and a limit configured in MiB
/// reads as the number the operator chose.
@Suite struct ByteCountTextTests {
    @Test(arguments: [
        (40 << 20, "40 MB"), (1 << 20, "1 MB"), (2 << 30, "2 GB"), (1536 << 20, "1536 MB"),
        (5_000_000, "5 MB"), (41_999_999, "41.9 MB"), (999, "999 bytes"), (1_999, "1.9 KB"),
    ])
    func aLimitIsSaidAsConfiguredAndNeverRoundedUp(bytes: Int, text: String) {
        #expect(ByteCountText.describeLimit(bytes) == text)
    }

    /// A photo a phone calls "40 MB" (40,000,000 bytes) fits under a limit the page calls
    /// "40 MB", whichever way the limit was configured.
    @Test(arguments: [40 << 20, 40_000_000, 40_999_999])
    func aFileOfTheSaidSizeFits(limit: Int) throws {
        let said = ByteCountText.describeLimit(limit)
        let megabytes = try #require(Double(said.replacingOccurrences(of: " MB", with: "")))
        #expect(Int(megabytes * 1_000_000) <= limit, "\(said) for \(limit) bytes")
    }

    @Test func otherCountsAreRoundedToATenth() {
        #expect(ByteCountText.describe(40 << 20) == "41.9 MB")
        #expect(ByteCountText.describe(1_250_000) == "1.3 MB")
    }
}
