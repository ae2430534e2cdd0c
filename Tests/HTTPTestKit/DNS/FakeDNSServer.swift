import Foundation
import Glibc
import Synchronization
import TestKit

/// A tiny authoritative-looking DNS server on UDP 127.0.0.1 (ephemeral port) for
/// resolver tests: answers TXT queries from a table, NXDOMAIN for unknown names, and
/// can be told to stay silent (timeouts) or to answer SERVFAIL / REFUSED.
///
/// One dedicated thread serves; `stop()` (or `deinit`) ends it and closes the socket.
package final class FakeDNSServer: Sendable {
    /// What the server does with the next queries.
    package enum Mode: Sendable, Equatable {
        case answering
        /// Reads queries and never answers.
        case silent
        case serverFailure
        case refused
    }

    /// One record the table can hold for a name.
    package enum Record: Sendable, Equatable {
        /// A TXT record made of these character-strings (each at most 255 bytes).
        case txt([String])
        /// A CNAME to another name in the table, whose TXT records follow it.
        case cname(String)
    }

    /// What the serving thread shares with the test.
    final class Shared: Sendable {
        struct State {
            var records: [String: [Record]]
            var mode: Mode = .answering
            var queries: [String] = []
        }

        let state: Mutex<State>

        init(records: [String: [Record]]) {
            state = Mutex(State(records: records))
        }
    }

    private let shared: Shared
    private let descriptor: Int32
    private let stopPipe: (read: Int32, write: Int32)
    private let finished = TestGate()
    private let stopped = Mutex(false)
    package let port: Int

    /// `records` maps lowercase names (without trailing dot) to their records.
    package init(records: [String: [Record]] = [:]) throws {
        shared = Shared(records: records)
        let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw TestSocket.Failure(call: "socket", code: errno) }
        var address = TestSocket.loopbackAddress(port: 0)
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
        var pipeEnds: [Int32] = [-1, -1]
        guard bound == 0, pipe(&pipeEnds) == 0 else {
            let code = errno
            close(descriptor)
            throw TestSocket.Failure(call: bound == 0 ? "pipe" : "bind", code: code)
        }
        var actual = sockaddr_in()
        var actualLength = length
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualLength) } }
        self.descriptor = descriptor
        self.stopPipe = (pipeEnds[0], pipeEnds[1])
        self.port = Int(UInt16(bigEndian: actual.sin_port))
        let thread = Thread { [shared, descriptor, stopPipe, finished] in
            FakeDNSServer.serve(descriptor, stop: stopPipe.read, shared: shared)
            finished.open()
        }
        thread.name = "fake-dns"
        thread.start()
    }

    deinit { stop() }

    /// For `DNSTXTResolver(nameserver:)`.
    package var nameserver: (host: String, port: Int) { ("127.0.0.1", port) }

    package func setMode(_ mode: Mode) { shared.state.withLock { $0.mode = mode } }
    package func setRecords(_ records: [Record], for name: String) { shared.state.withLock { $0.records[name] = records } }
    /// Every queried name so far, lowercased, in arrival order.
    package var queries: [String] { shared.state.withLock { $0.queries } }

    /// Ends the serving thread (bounded wait) and closes the socket. Idempotent.
    package func stop() {
        guard
            stopped.withLock({ state in
                defer { state = true }
                return !state
            })
        else { return }
        _ = write(stopPipe.write, "x", 1)
        _ = finished.wait(timeout: .seconds(10))
        close(descriptor)
        close(stopPipe.read)
        close(stopPipe.write)
    }

    private static func serve(_ descriptor: Int32, stop: Int32, shared: Shared) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            switch TestSocket.waitReadable(descriptor, stop: stop, milliseconds: 1000) {
            case .stopped: return
            case .timedOut: continue
            case .readable: break
            }
            var peer = sockaddr_in()
            var peerLength = socklen_t(MemoryLayout<sockaddr_in>.size)
            let count = buffer.withUnsafeMutableBytes { bytes in
                withUnsafeMutablePointer(to: &peer) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { recvfrom(descriptor, bytes.baseAddress, bytes.count, 0, $0, &peerLength) }
                }
            }
            guard count > 0, let query = FakeDNSQuery(Array(buffer[0..<count])) else { continue }
            guard let reply = answer(to: query, shared: shared) else { continue }
            _ = reply.withUnsafeBytes { bytes in
                withUnsafePointer(to: &peer) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        sendto(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), $0, peerLength)
                    }
                }
            }
        }
    }

    /// The reply to send, or nil to stay silent.
    private static func answer(to query: FakeDNSQuery, shared: Shared) -> [UInt8]? {
        let (mode, records) = shared.state.withLock { state in
            state.queries.append(query.name)
            return (state.mode, state.records)
        }
        func reply(_ rcode: UInt16, _ answers: [[UInt8]] = []) -> [UInt8] {
            DNSWire.response(id: query.id, rcode: rcode, questions: [query.question], answers: answers)
        }
        switch mode {
        case .silent: return nil
        case .serverFailure: return reply(DNSWire.serverFailure)
        case .refused: return reply(DNSWire.refused)
        case .answering: break
        }
        guard let entries = records[query.name] else { return reply(DNSWire.nameError) }
        guard query.type == DNSWire.typeTXT else { return reply(DNSWire.noError) }
        var answers: [[UInt8]] = []
        for entry in entries {
            switch entry {
            case .txt(let strings):
                answers.append(DNSWire.record(owner: DNSWire.pointer(to: 12), type: DNSWire.typeTXT, data: DNSWire.txtData(strings)))
            case .cname(let target):
                answers.append(DNSWire.record(owner: DNSWire.pointer(to: 12), type: DNSWire.typeCNAME, data: DNSWire.name(target)))
                for case .txt(let strings) in records[target] ?? [] {
                    answers.append(DNSWire.record(owner: DNSWire.name(target), type: DNSWire.typeTXT, data: DNSWire.txtData(strings)))
                }
            }
        }
        return reply(DNSWire.noError, answers)
    }
}

/// The parts of an incoming query the fake needs: id, first question name and type.
struct FakeDNSQuery {
    let id: UInt16
    let name: String
    let type: UInt16
    /// The question section's bytes, echoed in the reply.
    let question: [UInt8]

    init?(_ bytes: [UInt8]) {
        guard bytes.count > 12, bytes[4] == 0, bytes[5] >= 1 else { return nil }
        var labels: [String] = []
        var index = 12
        while index < bytes.count, bytes[index] != 0 {
            let length = Int(bytes[index])
            guard length < 64, index + 1 + length < bytes.count else { return nil }
            labels.append(String(decoding: bytes[(index + 1)...(index + length)], as: UTF8.self).lowercased())
            index += 1 + length
        }
        guard index + 4 < bytes.count else { return nil }
        id = UInt16(bytes[0]) << 8 | UInt16(bytes[1])
        name = labels.joined(separator: ".")
        type = UInt16(bytes[index + 1]) << 8 | UInt16(bytes[index + 2])
        question = Array(bytes[12...(index + 4)])
    }
}
