import CMicroHTTPD
import Synchronization

/// The address a connection was counted under, kept in MHD's socket context; also its
/// identity for `ConnectionSlots`, and since when it has waited for a request head.
///
/// The waiting mark lives here, in an atomic of the connection's own, rather than in
/// `ConnectionSlots`' table: every request sets it twice (its head arrived, its answer
/// finished), from both MHD threads, and taking the table's lock for that was 5–7 % of
/// the server's CPU on `/healthz`, much of it the two threads waiting for each other.
/// The table's lock still orders everything that closes a connection.
final class CountedPeer: Sendable {
    let address: String
    /// The client it counts against (the address, or its /64 for IPv6).
    let client: String
    /// Nanoseconds after `epoch` at which the connection began waiting, or `notWaiting`.
    private let waitingMark = Atomic<Int64>(notWaiting)

    private static let notWaiting = Int64.min
    /// The instant marks are counted from; any fixed instant does.
    private static let epoch = ContinuousClock.now

    init(address: String) {
        self.address = address
        self.client = ConnectionSlots.client(of: address)
    }

    /// The peer stored for `connection` when it started, if any.
    static func of(_ connection: OpaquePointer) -> CountedPeer? {
        cmhd_connection_socket_context(connection).map { Unmanaged<CountedPeer>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Since when the connection has waited for a head; nil while a request is in
    /// progress or once it was given back.
    var waitingSince: ContinuousClock.Instant? {
        let mark = waitingMark.load(ordering: .relaxed)
        return mark == Self.notWaiting ? nil : Self.epoch + .nanoseconds(mark)
    }

    /// Marks the connection as waiting for a head from `instant` (nil: not waiting).
    func setWaiting(since instant: ContinuousClock.Instant?) {
        waitingMark.store(instant.map(Self.mark(of:)) ?? Self.notWaiting, ordering: .relaxed)
    }

    private static func mark(of instant: ContinuousClock.Instant) -> Int64 {
        let (seconds, attoseconds) = (instant - epoch).components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
