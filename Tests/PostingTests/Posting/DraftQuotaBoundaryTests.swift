import Testing

@testable import Accounts
@testable import Posting
@testable import Social

/// `DraftQuota` at its edges: a draft that exactly fills the byte allowance fits, one
/// byte more does not; the last allowed draft fits, one more does not.
@Suite struct DraftQuotaBoundaryTests {
    let quota = DraftQuota(maxDrafts: 20, maxBytes: 200_000_000)

    @Test func aDraftThatExactlyFillsTheBytesFits() {
        let usage = DraftQuota.Usage(drafts: 3, bytes: 150_000_000)
        #expect(quota.refusal(for: usage, adding: 50_000_000) == nil)
        #expect(quota.refusal(for: usage, adding: 50_000_001) == .tooManyBytes(limit: 200_000_000))
    }

    @Test func theLastAllowedDraftFits() {
        #expect(quota.refusal(for: DraftQuota.Usage(drafts: 19, bytes: 0), adding: 1) == nil)
        #expect(quota.refusal(for: DraftQuota.Usage(drafts: 20, bytes: 0), adding: 1) == .tooManyDrafts(limit: 20))
    }
}
