import DNSResolver
import HTTPTestKit
import TestKit
import Testing

/// Real `res_nquery` lookups against the fake DNS server on 127.0.0.1.
@Suite struct LiveLookupTests {
    /// Far above every resolver timeout used here: trips only on a hang.
    static let bound: Duration = .seconds(30)

    static func lookup(_ name: String, on server: FakeDNSServer, timeout: Duration = .seconds(5)) async throws -> Result<[String], DNSError> {
        try await lookup(name, nameserver: server.nameserver, timeout: timeout)
    }

    static func lookup(_ name: String, nameserver: (host: String, port: Int), timeout: Duration) async throws -> Result<[String], DNSError> {
        let resolver = DNSTXTResolver(nameserver: nameserver, timeout: timeout)
        return try await withDeadline(bound) {
            do throws(DNSError) {
                return .success(try await resolver.txtRecords(name))
            } catch {
                return .failure(error)
            }
        }
    }

    @Test func txtRecordsComeBackFromTheServer() async throws {
        let server = try FakeDNSServer(records: ["_atproto.alice.test": [.txt(["did=did:plc:", "ewvi7nxzyoun6zhxrhs64oiz"]), .txt(["other"])]])
        defer { server.stop() }
        let result = try await Self.lookup("_atproto.Alice.test", on: server)
        #expect(try result.get() == ["did=did:plc:ewvi7nxzyoun6zhxrhs64oiz", "other"])
        #expect(server.queries == ["_atproto.alice.test"])
    }

    @Test func cnameAnswersAreFollowed() async throws {
        let server = try FakeDNSServer(records: [
            "_atproto.alice.test": [.cname("_atproto.hosting.test")],
            "_atproto.hosting.test": [.txt(["did=did:web:alice.test"])],
        ])
        defer { server.stop() }
        #expect(try await Self.lookup("_atproto.alice.test", on: server).get() == ["did=did:web:alice.test"])
    }

    @Test func unknownNameIsAnEmptyList() async throws {
        let server = try FakeDNSServer()
        defer { server.stop() }
        #expect(try await Self.lookup("_atproto.nobody.test", on: server).get() == [])
        #expect(server.queries == ["_atproto.nobody.test"])
    }

    @Test func silentServerTimesOut() async throws {
        let server = try FakeDNSServer()
        server.setMode(.silent)
        defer { server.stop() }
        let result = try await Self.lookup("_atproto.alice.test", on: server, timeout: .seconds(1))
        #expect(throws: DNSError.timedOut) { try result.get() }
    }

    @Test func servfailIsATypedError() async throws {
        let server = try FakeDNSServer(records: ["_atproto.alice.test": [.txt(["x"])]])
        server.setMode(.serverFailure)
        defer { server.stop() }
        let result = try await Self.lookup("_atproto.alice.test", on: server, timeout: .seconds(1))
        #expect(throws: DNSError.serverFailure("SERVFAIL")) { try result.get() }
    }

    @Test func refusedIsATypedError() async throws {
        let server = try FakeDNSServer(records: ["_atproto.alice.test": [.txt(["x"])]])
        server.setMode(.refused)
        defer { server.stop() }
        let result = try await Self.lookup("_atproto.alice.test", on: server, timeout: .seconds(1))
        #expect(throws: DNSError.serverFailure("REFUSED")) { try result.get() }
    }

    /// A refusing port answers with ICMP port unreachable: glibc gives up at once,
    /// and that is a failure of its own kind, not a timeout.
    @Test func refusedPortIsAServerFailure() async throws {
        let refusing = try RefusingUDPPort()
        let result = try await Self.lookup("_atproto.alice.test", nameserver: ("127.0.0.1", refusing.port), timeout: .seconds(1))
        guard case .failure(.serverFailure(let detail)) = result else {
            Issue.record("expected a server failure, got \(result)")
            return
        }
        #expect(detail.contains("no name server could be reached"))
    }

    @Test func invalidNamesNeverReachTheServer() async throws {
        let server = try FakeDNSServer()
        defer { server.stop() }
        let result = try await Self.lookup("bad name.test", on: server)
        #expect(throws: DNSError.self) { try result.get() }
        #expect(server.queries.isEmpty)
    }

    @Test func nameserverMustBeAnIPv4AddressAndPort() async throws {
        for server in [(host: "localhost", port: 53), (host: "127.0.0.1", port: 0), (host: "::1", port: 53), (host: "127.0.0.1", port: 70000)] {
            let resolver = DNSTXTResolver(nameserver: server, timeout: .seconds(1))
            await #expect(throws: DNSError.invalidNameserver) { try await resolver.txtRecords("alice.test") }
        }
    }

    @Test func concurrentLookupsEachGetTheirOwnAnswer() async throws {
        var records: [String: [FakeDNSServer.Record]] = [:]
        for index in 0..<12 { records["_atproto.user\(index).test"] = [.txt(["did=did:plc:user\(index)"])] }
        let server = try FakeDNSServer(records: records)
        defer { server.stop() }
        let answers = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            for index in 0..<12 {
                group.addTask { (index, try await Self.lookup("_atproto.user\(index).test", on: server).get()) }
            }
            return try await group.reduce(into: [Int: [String]]()) { $0[$1.0] = $1.1 }
        }
        for index in 0..<12 { #expect(answers[index] == ["did=did:plc:user\(index)"]) }
    }
}
