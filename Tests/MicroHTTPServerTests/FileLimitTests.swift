import Glibc
import Synchronization
import Testing

@testable import MicroHTTPServer

/// The connection limit fits the process's open-file limit, which the server raises.
@Suite(.serialized) struct FileLimitTests {
    @Test func theConnectionLimitLeavesAnEighthOfTheFileLimitForEverythingElse() {
        for fileLimit in [1024, 4096, 20_000, 1_048_576] {
            let limit = FileLimit.largestConnectionLimit(within: fileLimit)
            let daemon = limit + HTTPServerConfiguration.closingSlack(limit)
            #expect(daemon <= fileLimit - max(128, fileLimit / 8), "\(fileLimit)")
            #expect(daemon > fileLimit - max(128, fileLimit / 8) - 3, "not needlessly lower: \(fileLimit)")
        }
    }

    @Test func theDefaultConnectionLimitHoldsTenThousandClientsWhenTheHardLimitAllowsIt() {
        #expect(FileLimit.defaultConnectionLimit(hardLimit: 12_142) >= 10_000)
        #expect(FileLimit.defaultConnectionLimit(hardLimit: 20_000) == FileLimit.defaultConnectionCap)
        #expect(FileLimit.defaultConnectionLimit(hardLimit: 524_288) == 16_384)
        #expect(FileLimit.defaultConnectionLimit(hardLimit: 1024) == 843)
        #expect(FileLimit.defaultConnectionLimit(hardLimit: Int.max) == 16_384, "unlimited")
    }

    @Test func aConfigurationWithoutALimitTakesItFromTheHardFileLimitAndIsNotLowered() {
        var limit = rlimit()
        #expect(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
        let hard = limit.rlim_max == rlim_t.max ? Int.max : Int(limit.rlim_max)
        let configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        #expect(configuration.connectionLimit == FileLimit.defaultConnectionLimit(hardLimit: hard))
        let lines = Mutex<[String]>([])
        let server = HTTPServer(configuration: configuration, responder: NothingResponder()) { line in lines.withLock { $0.append(line) } }
        #expect(server.configuration.connectionLimit == configuration.connectionLimit)
        #expect(lines.withLock { $0 }.isEmpty, "no warning for the default")
    }

    @Test func aServerRaisesTheSoftFileLimitToTheHardOneAndFitsItsLimitBelowIt() throws {
        var limit = rlimit()
        #expect(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
        try #require(limit.rlim_max > 2048 && limit.rlim_max != rlim_t.max, "needs a finite hard limit above 2048")
        var lowered = limit
        lowered.rlim_cur = 2048
        #expect(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &lowered) == 0)
        defer { _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) }
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.connectionLimit = 100_000
        let server = HTTPServer(configuration: configuration, responder: NothingResponder())
        var now = rlimit()
        #expect(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &now) == 0)
        #expect(now.rlim_cur == limit.rlim_max)
        #expect(server.configuration.connectionLimit == FileLimit.largestConnectionLimit(within: Int(limit.rlim_max)))
    }
}

/// A responder for servers that are never started.
private struct NothingResponder: HTTPResponder {
    func respond(to request: HTTPRequest) async -> HTTPResponse { HTTPResponse() }
}
