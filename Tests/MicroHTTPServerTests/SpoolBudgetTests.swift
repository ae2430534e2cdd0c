import Testing

@testable import MicroHTTPServer

/// The spool budget's arithmetic without sockets: shares per client (an IPv6 /64 is one
/// client) and per account, and the reserve no set of holders can empty.
@Suite struct SpoolBudgetTests {
    private typealias Holder = SpoolBudget.Holder

    @Test func theDefaultReserveIsAnEighthOrTwoLargestBodiesAndLeavesRoomForOne() {
        #expect(SpoolBudget.defaultReserve(limit: 1 << 30, largestBody: 40 << 20) == 128 << 20)
        #expect(SpoolBudget.defaultReserve(limit: 1 << 30, largestBody: 100 << 20) == 200 << 20)
        #expect(SpoolBudget.defaultReserve(limit: 100 << 20, largestBody: 40 << 20) == 50 << 20, "at most half")
        #expect(SpoolBudget.defaultReserve(limit: 50 << 20, largestBody: 40 << 20) == 10 << 20, "one largest body still fits beside it")
        #expect(SpoolBudget.defaultReserve(limit: 100_000, largestBody: 1 << 20) == 0, "a budget smaller than one body keeps none")
        #expect(SpoolBudget.defaultReserve(limit: 1 << 30, largestBody: .max) == 0, "no overflow")
    }

    @Test func holdersCannotTakeTheReserveAndEachNewcomerAtMostHalfOfWhatIsFree() {
        // Shares of 500 (the largest body), so only the reserve stops anyone below.
        let budget = SpoolBudget(limit: 1000, largestBody: 500, reserve: 400)
        // Four holders fill what is not reserved.
        for index in 1...4 { #expect(budget.reserve(150, for: Holder(address: "10.0.0.\(index)"))) }
        #expect(budget.reserved == 600)
        // Past that, a holder holding 150 may take only while it holds no more than stays free.
        #expect(!budget.reserve(250, for: Holder(address: "10.0.0.1")), "it would hold 400 with 150 free")
        #expect(budget.reserve(100, for: Holder(address: "10.0.0.1")), "it holds 250 with 300 free")
        #expect(budget.reserved == 700)
        // Newcomers take at most half of what is left each: it never runs out.
        var free = 300
        for index in 10..<20 {
            let half = free / 2
            #expect(!budget.wouldFit(half + 1, for: Holder(address: "10.0.1.\(index)")))
            #expect(budget.reserve(half, for: Holder(address: "10.0.1.\(index)")))
            free -= half
        }
        #expect(budget.reserved == 1000 - free && free > 0)
        // An account holding much cannot enter from a new address either.
        let accountBudget = SpoolBudget(limit: 1000, largestBody: 500, reserve: 400)
        #expect(accountBudget.reserve(450, for: Holder(address: "10.0.0.1", account: "did:plc:a")))
        #expect(accountBudget.reserve(150, for: Holder(address: "10.0.0.2", account: "did:plc:b")))
        #expect(!accountBudget.wouldFit(10, for: Holder(address: "10.0.0.3", account: "did:plc:a")))
        #expect(accountBudget.wouldFit(10, for: Holder(address: "10.0.0.3", account: "did:plc:c")))
    }

    @Test func anIPv6NetworkIsOneClientWhateverAddressOfItSends() {
        let budget = SpoolBudget(limit: 1000, largestBody: 100, reserve: 0)
        #expect(budget.share == 250)
        #expect(budget.reserve(250, for: Holder(address: "2001:db8:1:2::1")))
        #expect(!budget.wouldFit(1, for: Holder(address: "2001:db8:1:2:ffff::9")), "the same /64")
        #expect(budget.wouldFit(250, for: Holder(address: "2001:db8:1:3::1")), "another /64")
        budget.release(250, for: Holder(address: "2001:db8:1:2::1"))
        #expect(budget.reserved == 0)
        #expect(budget.wouldFit(250, for: Holder(address: "2001:db8:1:2:ffff::9")), "released under the same key")
        #expect(ClientAddressKey.key(for: "2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64")
        #expect(ClientAddressKey.key(for: "192.0.2.1") == "192.0.2.1")
    }
}
