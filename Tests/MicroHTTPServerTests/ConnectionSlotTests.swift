import Foundation
import HTTPTestKit
import MicroHTTPServer
import Synchronization
import TestKit
import Testing

/// The floods that took every connection slot (issue 21, item 7), at small scale: each
/// fills a server of 24 slots (4 per address, 4 in reserve) and then checks that a new
/// client's `GET /` is answered. Loopback owns 127.0.0.0/8, so 127.0.0.2, 127.0.0.3…
/// are distinct clients. Each waits until the flood's connections are waiting for a head,
/// that is, started by a worker: only those can be given back for a newcomer (one
/// arriving in the moment between a flood socket's admission and its start is refused).
@Suite(.serialized) struct ConnectionSlotTests {
    static func configuration() -> HTTPServerConfiguration {
        var configuration = LiveServer.configuration()
        configuration.connectionLimit = 24
        configuration.perClientConnectionLimit = 4
        configuration.reservedConnections = 4
        return configuration
    }

    /// Opens `count` connections from each of `addresses`, sending `opening` on each
    /// (nothing for an idle socket, part of a head for a slow one).
    static func flood(port: Int, addresses: [String], count: Int, opening: String = "") async throws -> [RawHTTPConnection] {
        try await runOnDedicatedThread {
            var held: [RawHTTPConnection] = []
            for address in addresses {
                for _ in 0..<count {
                    let connection = try RawHTTPConnection(port: port, source: address)
                    if !opening.isEmpty { try connection.send(opening) }
                    held.append(connection)
                }
            }
            return held
        }
    }

    /// `GET /` from `address` on a new connection.
    static func probe(port: Int, from address: String) async throws -> Int {
        try await runOnDedicatedThread {
            let connection = try RawHTTPConnection(port: port, source: address, timeout: .seconds(10))
            try connection.send(get("/"))
            return try connection.readResponse().status
        }
    }

    static func addresses(_ range: ClosedRange<Int>) -> [String] { range.map { "127.0.0.\($0)" } }

    static let ok: @Sendable (HTTPRequest) async -> HTTPResponse = { _ in HTTPResponse(contentType: "text/plain", text: "ok") }

    @Test func idleSocketsFromTenAddressesLeaveANewClientsGetAnswered() async throws {
        try await withLiveServer(Self.configuration(), responder: Self.ok) { live in
            let held = try await Self.flood(port: live.port, addresses: Self.addresses(2...11), count: 4)
            #expect(await eventually { live.server.waitingConnectionCount >= 20 })
            #expect(try await Self.probe(port: live.port, from: "127.0.0.100") == 200)
            withExtendedLifetime(held) {}
        }
    }

    @Test func slowRequestHeadsLeaveANewClientsGetAnswered() async throws {
        try await withLiveServer(Self.configuration(), responder: Self.ok) { live in
            let held = try await Self.flood(port: live.port, addresses: Self.addresses(2...12), count: 4, opening: "GET / HTTP/1.1\r\nHost: t")
            #expect(await eventually { live.server.waitingConnectionCount >= 20 })
            #expect(try await Self.probe(port: live.port, from: "127.0.0.100") == 200)
            withExtendedLifetime(held) {}
        }
    }

    /// A worker takes up handed-over connections only between its turns, so a burst is
    /// admitted while none of it has started. With the only worker held in a handler, 44
    /// idle sockets must still be held to the 24 slots (each counted from its admission;
    /// once they were judged by the started ones alone, every place below libmicrohttpd's
    /// hard limit was taken and the accept thread stopped accepting), and a newcomer is
    /// answered once the worker is free.
    @Test func aFloodAdmittedWhileTheWorkerIsBusyIsHeldToTheSlots() async throws {
        var configuration = Self.configuration()
        configuration.threadCount = 1
        let holding = Atomic(false)
        let release = DispatchSemaphore(value: 0)
        let hold: @Sendable (HTTPRequest) -> HTTPResponse? = { request in
            guard request.path == "/hold" else { return nil }
            holding.store(true, ordering: .releasing)
            release.wait()
            return HTTPResponse(contentType: "text/plain", text: "held")
        }
        try await withLiveServer(configuration, immediate: hold, responder: Self.ok) { live in
            defer { release.signal() }
            let port = live.port
            let holder = try await runOnDedicatedThread {
                let connection = try RawHTTPConnection(port: port, source: "127.0.0.200")
                try connection.send(get("/hold"))
                return connection
            }
            #expect(await eventually { holding.load(ordering: .acquiring) })
            let flood = try await Self.flood(port: port, addresses: Self.addresses(2...12), count: 4)
            // Each flood socket is counted or was closed by the server: 23 fit beside the
            // holder (4 from each of four addresses, 3 from the fifth before the ordinary
            // 20 are full, then one each from four newcomers in the reserve).
            let settled = await eventually {
                flood.count { $0.waitForServerClose(within: .milliseconds(1)) } + live.server.openConnectionCount == flood.count + 1
            }
            #expect(settled)
            #expect(live.server.openConnectionCount == 24)
            release.signal()
            #expect(await eventually { live.server.waitingConnectionCount >= 23 })
            #expect(try await Self.probe(port: port, from: "127.0.0.100") == 200)
            #expect(try await runOnDedicatedThread { try holder.readResponse().status } == 200)
            withExtendedLifetime(flood) {}
        }
    }

    @Test func politeKeepAliveClientsLeaveANewClientsGetAnswered() async throws {
        try await withLiveServer(Self.configuration(), responder: Self.ok) { live in
            let port = live.port
            // One kept-alive connection each from 30 addresses, each after a full exchange.
            let held = try await runOnDedicatedThread {
                try Self.addresses(2...31).map { address in
                    let connection = try RawHTTPConnection(port: port, source: address)
                    try connection.send(get("/"))
                    _ = try connection.readResponse()
                    return connection
                }
            }
            #expect(try await Self.probe(port: port, from: "127.0.0.100") == 200)
            withExtendedLifetime(held) {}
        }
    }

    @Test func anAddressHoldingItsShareOfIdleSocketsCanStillBeServed() async throws {
        try await withLiveServer(Self.configuration(), responder: Self.ok) { live in
            // Everyone behind one home router shares its address: idle sockets from one
            // device must not lock out the others.
            let held = try await Self.flood(port: live.port, addresses: ["127.0.0.2"], count: 4)
            #expect(await eventually { live.server.waitingConnectionCount == 4 })
            #expect(try await Self.probe(port: live.port, from: "127.0.0.2") == 200)
            withExtendedLifetime(held) {}
        }
    }

    @Test func anAddressWithEverySlotBusyGetsNoMoreThanItsShare() async throws {
        // Requests in progress are never closed to make room: the share still holds.
        let gate = AsyncGate()
        let started = Atomic(0)
        try await withLiveServer(
            Self.configuration(),
            responder: { _ in
                started.add(1, ordering: .relaxed)
                await gate.wait()
                return HTTPResponse()
            }
        ) { live in
            let port = live.port
            let busy = try await Self.flood(port: port, addresses: ["127.0.0.2"], count: 4, opening: get("/"))
            #expect(await eventually { started.load(ordering: .relaxed) == 4 })
            let refused = try await runOnDedicatedThread {
                try RawHTTPConnection(port: port, source: "127.0.0.2").waitForServerClose(within: .seconds(5))
            }
            #expect(refused)
            gate.open()
            withExtendedLifetime(busy) {}
        }
    }
}
