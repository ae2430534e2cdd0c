import Testing

@testable import H3CommandLine

/// Exit statuses of `grain-stories h3 …` (its output goes to the test's own streams).
@Suite struct H3CommandTests {
    @Test func validCellRequestSucceeds() {
        #expect(H3Command.run(arguments: ["cell", "-33.9", "151.2", "10"]) == 0)
        #expect(H3Command.run(arguments: ["--help"]) == 0)
        #expect(H3Command.run(arguments: ["cell", "--help"]) == 0)
    }

    @Test(arguments: [
        [], ["cell"], ["cell", "1", "2"], ["cell", "1", "2", "3", "4"], ["frob"], ["cell", "--csv"],
        ["bench", "--res"], ["bench", "--res", "16"], ["bench", "--points", "0"], ["bench", "--fast", "1"],
    ])
    func usageErrorsExit64(arguments: [String]) {
        #expect(H3Command.run(arguments: arguments) == 64)
    }

    @Test(arguments: [
        ["cell", "x", "2", "3"], ["cell", "1", "y", "3"], ["cell", "1", "2", "z"],
        ["cell", "1", "2", "16"], ["cell", "1", "2", "-1"], ["cell", "nan", "2", "3"], ["cell", "1", "inf", "3"],
    ])
    func badDataExits65(arguments: [String]) {
        #expect(H3Command.run(arguments: arguments) == 65)
    }

    @Test func benchmarkRunsOnAFewPoints() {
        #expect(H3Command.run(arguments: ["bench", "--points", "100", "--res", "9", "--rounds", "1"]) == 0)
        let line = H3Benchmark(points: 100, resolution: 9, seed: 42, rounds: 1).run()
        #expect(line.hasPrefix("impl=swift res=9 points=100 "))
        #expect(line.contains("checksum="))
    }

    /// The reference SplitMix64 sequence for seed 0, which the C benchmark also draws.
    @Test func splitMixMatchesTheReferenceSequence() {
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    }
}
