import Synchronization
import TestKit
import Testing
import WebSockets

/// The client and the loopback server talking over real sockets on 127.0.0.1.
@Suite struct WebSocketConnectionTests {
    /// Loopback is allowed here; the live follower's rule refuses it unless the operator
    /// allowed the host.
    static func options(maxMessageBytes: Int = 1 << 16, maxBufferedBytes: Int = 1 << 20) -> WebSocketClientOptions {
        WebSocketClientOptions(
            maxMessageBytes: maxMessageBytes, maxBufferedBytes: maxBufferedBytes, connectTimeoutSeconds: 10, userAgent: "tests",
            addressRefusal: { _ in nil })
    }

    /// Collects the peers the server opens.
    final class Peers: Sendable {
        let list = Mutex<[WebSocketPeer]>([])
        func add(_ peer: WebSocketPeer) { list.withLock { $0.append(peer) } }
        func first() async -> WebSocketPeer? {
            guard await eventually({ list.withLock { !$0.isEmpty } }) else { return nil }
            return list.withLock { $0.first }
        }
    }

    @Test func messagesArriveInOrderWithThePathAndQueryTheClientAskedFor() async throws {
        let peers = Peers()
        let server = try await WebSocketServer.start(onOpen: peers.add)
        defer { Task { await server.stop() } }
        let endpoint = WebSocketEndpoint(host: "127.0.0.1", port: server.port, path: "/subscribe?cursor=17&wantedCollections=a.b", secure: false)
        let connection = try await WebSocketConnection.connect(to: endpoint, options: Self.options())
        let peer = try #require(await peers.first())
        #expect(peer.path == "/subscribe?cursor=17&wantedCollections=a.b")
        peer.send("one")
        peer.send(String(repeating: "é", count: 20_000))
        peer.send("three")
        #expect(try await connection.receive() == "one")
        #expect(try await connection.receive() == String(repeating: "é", count: 20_000))
        #expect(try await connection.receive() == "three")
        connection.close()
        await server.stop()
    }

    @Test func aMessageOverTheCapEndsTheConnectionWithMessageTooLarge() async throws {
        let peers = Peers()
        let server = try await WebSocketServer.start(onOpen: peers.add)
        let endpoint = WebSocketEndpoint(host: "127.0.0.1", port: server.port, path: "/", secure: false)
        let connection = try await WebSocketConnection.connect(to: endpoint, options: Self.options(maxMessageBytes: 1000))
        let peer = try #require(await peers.first())
        peer.send(String(repeating: "x", count: 1000))
        peer.send(String(repeating: "y", count: 1001))
        #expect(try await connection.receive().count == 1000)
        let error = await #expect(throws: WebSocketError.self) { _ = try await connection.receive() }
        #expect(error?.code == .messageTooLarge)
        #expect(await eventually { peer.isClosed })
        await server.stop()
    }

    @Test func aCloseFrameFromThePeerEndsReceivingAfterTheQueuedMessages() async throws {
        let peers = Peers()
        let server = try await WebSocketServer.start(onOpen: peers.add)
        let endpoint = WebSocketEndpoint(host: "127.0.0.1", port: server.port, path: "/", secure: false)
        let connection = try await WebSocketConnection.connect(to: endpoint, options: Self.options())
        let peer = try #require(await peers.first())
        peer.send("last words")
        peer.close(code: 1001)
        #expect(try await connection.receive() == "last words")
        let error = await #expect(throws: WebSocketError.self) { _ = try await connection.receive() }
        #expect(error?.code == .closed)
        #expect(error?.closeCode == 1001)
        await server.stop()
    }

    @Test func aDroppedConnectionEndsReceivingWithClosed() async throws {
        let peers = Peers()
        let server = try await WebSocketServer.start(onOpen: peers.add)
        let endpoint = WebSocketEndpoint(host: "127.0.0.1", port: server.port, path: "/", secure: false)
        let connection = try await WebSocketConnection.connect(to: endpoint, options: Self.options())
        let peer = try #require(await peers.first())
        peer.drop()
        let error = await #expect(throws: WebSocketError.self) { _ = try await connection.receive() }
        #expect(error?.code == .closed)
        #expect(error?.closeCode == nil)
        await server.stop()
    }

    @Test func closingLocallyWakesAWaitingReceiveAndTheServerSeesTheClose() async throws {
        let peers = Peers()
        let server = try await WebSocketServer.start(onOpen: peers.add)
        let endpoint = WebSocketEndpoint(host: "127.0.0.1", port: server.port, path: "/", secure: false)
        let connection = try await WebSocketConnection.connect(to: endpoint, options: Self.options())
        let peer = try #require(await peers.first())
        async let waiting: Void = {
            let error = await #expect(throws: WebSocketError.self) { _ = try await connection.receive() }
            #expect(error?.code == .closedLocally)
        }()
        connection.close()
        await waiting
        #expect(await eventually { peer.isClosed })
        await server.stop()
    }

    @Test func anAddressTheRuleRefusesIsNeverConnectedTo() async throws {
        let peers = Peers()
        let server = try await WebSocketServer.start(onOpen: peers.add)
        var options = Self.options()
        options.addressRefusal = { bytes in bytes == [127, 0, 0, 1] ? "loopback" : nil }
        let endpoint = WebSocketEndpoint(host: "127.0.0.1", port: server.port, path: "/", secure: false)
        let error = await #expect(throws: WebSocketError.self) { _ = try await WebSocketConnection.connect(to: endpoint, options: options) }
        #expect(error?.code == .refusedAddress)
        #expect(peers.list.withLock { $0.isEmpty })
        await server.stop()
    }

    @Test func nothingListeningIsAConnectFailure() async throws {
        let server = try await WebSocketServer.start(onOpen: { _ in })
        let port = server.port
        await server.stop()
        let endpoint = WebSocketEndpoint(host: "127.0.0.1", port: port, path: "/", secure: false)
        let error = await #expect(throws: WebSocketError.self) { _ = try await WebSocketConnection.connect(to: endpoint, options: Self.options()) }
        #expect(error?.code == .connectFailed)
    }

    @Test func aSlowReaderStillGetsEveryMessageWhenReadingWasPaused() async throws {
        let peers = Peers()
        let server = try await WebSocketServer.start(onOpen: peers.add)
        let endpoint = WebSocketEndpoint(host: "127.0.0.1", port: server.port, path: "/", secure: false)
        let connection = try await WebSocketConnection.connect(to: endpoint, options: Self.options(maxBufferedBytes: 10_000))
        let peer = try #require(await peers.first())
        let chunk = String(repeating: "z", count: 1000)
        for index in 0..<200 { peer.send("\(index) \(chunk)") }
        for index in 0..<200 { #expect(try await connection.receive() == "\(index) \(chunk)") }
        connection.close()
        await server.stop()
    }
}
