import Foundation
import Synchronization
import TestKit
import WebSockets

/// A Jetstream stand-in on a loopback WebSocket port: Jetstream's JSON message format
/// (`commit` create/update/delete, `identity`, `account`), its `/subscribe` query
/// (`wantedCollections`, `cursor`) and its replay from a cursor, over a real WebSocket
/// (libwebsockets' server side through the same wrapper the follower uses).
///
/// Tests publish events into its log; each subscriber gets the logged events of the
/// collections it wants with `time_us` after its cursor (all of them, in order, when it
/// gave one; only new ones when it did not), then every new one live. It also lies and
/// fails on request: raw frames (malformed, huge), dropping every connection, closing
/// with a code.
package final class StandInJetstream: Sendable {
    /// One logged event: its `time_us`, collection (nil for identity and account events)
    /// and its JSON text.
    package struct Event: Sendable {
        package let timeMicroseconds: Int64
        package let collection: String?
        package let json: String
    }

    /// What one connection asked for.
    package struct Subscription: Sendable, Equatable {
        package let path: String
        package let wantedCollections: [String]
        package let cursor: Int64?
    }

    private struct Subscriber {
        let peer: WebSocketPeer
        let wanted: Set<String>
    }

    private struct State {
        var log: [Event] = []
        var subscribers: [Subscriber] = []
        var subscriptions: [Subscription] = []
        var clock: Int64 = 1_780_000_000_000_000
    }

    private let state = Mutex(State())
    private let server: WebSocketServer

    private init(server: WebSocketServer) { self.server = server }

    /// Where the follower connects: `ws://127.0.0.1:PORT` (list `127.0.0.1:PORT` among the
    /// insecure hosts: a stand-in on loopback is allowed only explicitly).
    package var url: String { "ws://127.0.0.1:\(server.port)" }
    package var hostAndPort: String { "127.0.0.1:\(server.port)" }

    package static func start() async throws -> StandInJetstream {
        let box = Mutex<StandInJetstream?>(nil)
        let server = try await WebSocketServer.start { peer in box.withLock { $0 }?.opened(peer) }
        let standIn = StandInJetstream(server: server)
        box.withLock { $0 = standIn }
        return standIn
    }

    package func stop() async { await server.stop() }

    /// Every subscription so far, in order.
    package var subscriptions: [Subscription] { state.withLock { $0.subscriptions } }
    /// Connections open now.
    package var openConnections: Int { state.withLock { $0.subscribers.filter { !$0.peer.isClosed }.count } }

    private func opened(_ peer: WebSocketPeer) {
        let (path, query) = Self.split(peer.path)
        let wanted = query.filter { $0.0 == "wantedCollections" }.map(\.1)
        let cursor = query.last { $0.0 == "cursor" }.flatMap { Int64($0.1) }
        // Registered and replayed under one lock, so a live event can neither be missed nor
        // overtake the replay.
        state.withLock { state in
            state.subscriptions.append(Subscription(path: path, wantedCollections: wanted, cursor: cursor))
            state.subscribers.append(Subscriber(peer: peer, wanted: Set(wanted)))
            guard let cursor else { return }
            for event in state.log where event.timeMicroseconds > cursor && Self.wants(Set(wanted), event) { peer.send(event.json) }
        }
    }

    private static func wants(_ wanted: Set<String>, _ event: Event) -> Bool {
        guard let collection = event.collection else { return true }
        return wanted.isEmpty || wanted.contains(collection)
    }

    private static func split(_ target: String) -> (String, [(String, String)]) {
        let parts = target.split(separator: "?", maxSplits: 1)
        let query =
            parts.count > 1
            ? parts[1].split(separator: "&").map { pair -> (String, String) in
                let sides = pair.split(separator: "=", maxSplits: 1)
                return (String(sides[0]), sides.count > 1 ? String(sides[1]) : "")
            } : []
        return (String(parts.first ?? "/"), query)
    }

    /// The next `time_us` (strictly increasing, as Jetstream's are).
    package func nextTime() -> Int64 {
        state.withLock { state in
            state.clock += 1000
            return state.clock
        }
    }

    /// Logs an event and sends it to every open subscriber that wants it.
    @discardableResult
    package func publish(collection: String?, json: (Int64) -> String) -> Event {
        state.withLock { state -> Event in
            state.clock += 1000
            let event = Event(timeMicroseconds: state.clock, collection: collection, json: json(state.clock))
            state.log.append(event)
            for subscriber in state.subscribers where !subscriber.peer.isClosed && Self.wants(subscriber.wanted, event) {
                subscriber.peer.send(event.json)
            }
            return event
        }
    }

    /// A `commit` create of `record` (a JSON object) in `did`'s repository.
    @discardableResult
    package func create(did: String, collection: String, rkey: String, record: String) -> Event {
        publish(collection: collection) { time in
            #"{"did":"\#(did)","time_us":\#(time),"kind":"commit","commit":{"rev":"\#(Self.rev(time))","operation":"create","collection":"\#(collection)","rkey":"\#(rkey)","record":\#(record),"cid":"bafyreistandin\#(time)"}}"#
        }
    }

    /// A `commit` delete.
    @discardableResult
    package func delete(did: String, collection: String, rkey: String) -> Event {
        publish(collection: collection) { time in
            #"{"did":"\#(did)","time_us":\#(time),"kind":"commit","commit":{"rev":"\#(Self.rev(time))","operation":"delete","collection":"\#(collection)","rkey":"\#(rkey)"}}"#
        }
    }

    /// An `identity` event (a handle change).
    @discardableResult
    package func identity(did: String, handle: String) -> Event {
        publish(collection: nil) { time in
            #"{"did":"\#(did)","time_us":\#(time),"kind":"identity","identity":{"did":"\#(did)","handle":"\#(handle)","seq":\#(time / 1000),"time":"2026-06-01T00:00:00.000Z"}}"#
        }
    }

    /// An `account` event (`active` false with a status: deleted, takendown, …).
    @discardableResult
    package func account(did: String, active: Bool, status: String?) -> Event {
        publish(collection: nil) { time in
            let statusField = status.map { #","status":"\#($0)""# } ?? ""
            return
                #"{"did":"\#(did)","time_us":\#(time),"kind":"account","account":{"active":\#(active),"did":"\#(did)","seq":\#(time / 1000),"time":"2026-06-01T00:00:00.000Z"\#(statusField)}}"#
        }
    }

    /// Sends `text` as it is to every open subscriber, logged nowhere (a lie: a malformed
    /// or huge frame).
    package func sendRaw(_ text: String) {
        for peer in state.withLock({ $0.subscribers.map(\.peer) }) where !peer.isClosed { peer.send(text) }
    }

    /// Drops every open connection without a close frame (a network failure).
    package func dropAll() {
        for peer in state.withLock({ $0.subscribers.map(\.peer) }) where !peer.isClosed { peer.drop() }
    }

    /// Jetstream's `rev` is the commit's TID; a stand-in's is made from the time.
    private static func rev(_ time: Int64) -> String { "3l" + String(time, radix: 32) }
}
