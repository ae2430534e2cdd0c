import Testing

@testable import MicroHTTPServer

/// `ConnectionSlots`' rules without sockets (descriptors of -1 are never shut down).
/// Peers are kept alive for the whole test, as MHD's socket context keeps them: an
/// entry is keyed by its peer's identity.
@Suite struct ConnectionSlotPolicyTests {
    static func slots(total: Int = 10, perClient: Int = 3, reserve: Int = 2, trusted: [IPAddressRange] = []) -> ConnectionSlots {
        ConnectionSlots(limits: .init(total: total, perClient: perClient, reserve: reserve), headTimeLimit: .seconds(60), trustedProxies: trusted)
    }

    /// Opens a connection for `address` the way MHD reports it, after the accept
    /// policy; false if the policy refused it.
    @discardableResult
    static func open(_ slots: ConnectionSlots, _ address: String, busy: Bool = false, keeping peers: inout [CountedPeer]) -> Bool {
        guard slots.admit(address) else { return false }
        let peer = CountedPeer(address: address)
        slots.opened(peer, descriptor: -1)
        if busy { slots.headArrived(peer) }
        peers.append(peer)
        return true
    }

    /// The head deadline counts from when a connection began waiting (it opened, or its
    /// last answer finished) and not while a request is in progress; the marks are kept
    /// in each connection's peer, outside the table's lock.
    @Test func aConnectionIsOverdueOnlyAfterItsHeadTimeLimitOfWaiting() {
        let slots = Self.slots()
        var peers: [CountedPeer] = []
        Self.open(slots, "10.0.0.1", keeping: &peers)
        Self.open(slots, "10.0.0.2", busy: true, keeping: &peers)
        let opened = ContinuousClock.now
        #expect(slots.sweep(now: opened + .seconds(59)) == 0)
        #expect(slots.sweep(now: opened + .seconds(61)) == 1, "only the one waiting since it opened")
        #expect(!slots.isWaiting(peers[0]), "given back: never chosen again")
        #expect(slots.isWaiting(peers[1]) == false)
        slots.requestFinished(peers[1])
        let finished = ContinuousClock.now
        #expect(slots.isWaiting(peers[1]))
        #expect(slots.sweep(now: finished + .seconds(59)) == 0)
        #expect(slots.sweep(now: finished + .seconds(61)) == 1)
    }

    @Test func anIPv6HostCountsPerSlash64() {
        #expect(ConnectionSlots.client(of: "2001:db8::1") == ConnectionSlots.client(of: "2001:db8::ffff:2"))
        #expect(ConnectionSlots.client(of: "2001:db8::1") != ConnectionSlots.client(of: "2001:db8:0:1::1"))
        #expect(ConnectionSlots.client(of: "192.0.2.1") == "192.0.2.1")
    }

    @Test func theShareOfASlash64IsSharedByAllItsAddresses() {
        let slots = Self.slots()
        var peers: [CountedPeer] = []
        for index in 1...3 { #expect(Self.open(slots, "2001:db8::\(index)", busy: true, keeping: &peers)) }
        #expect(!Self.open(slots, "2001:db8::99", keeping: &peers))
        #expect(Self.open(slots, "2001:db8:0:1::1", keeping: &peers))
    }

    @Test func theReserveIsOnlyForClientsHoldingNoConnection() {
        let slots = Self.slots()
        var peers: [CountedPeer] = []
        // Eight busy connections fill the ordinary slots (10 - 2 in reserve).
        for client in 1...4 { for _ in 1...2 { Self.open(slots, "10.0.0.\(client)", busy: true, keeping: &peers) } }
        #expect(slots.count == 8)
        #expect(!Self.open(slots, "10.0.0.1", busy: true, keeping: &peers))
        #expect(Self.open(slots, "10.0.0.50", busy: true, keeping: &peers))
        #expect(Self.open(slots, "10.0.0.51", busy: true, keeping: &peers))
        #expect(!Self.open(slots, "10.0.0.52", busy: true, keeping: &peers))
        #expect(slots.count == 10)
    }

    @Test func underPressureAFloodingClientIsRefusedWhileANewcomerIsServed() {
        let slots = Self.slots(total: 10, perClient: 5, reserve: 2)
        var peers: [CountedPeer] = []
        // Two clients hold four idle connections each: the ordinary slots are full.
        for client in ["10.0.0.1", "10.0.0.2"] { for _ in 1...4 { Self.open(slots, client, keeping: &peers) } }
        // One of them reconnecting would only swap one idle socket for another: refused.
        #expect(!Self.open(slots, "10.0.0.1", keeping: &peers))
        // Someone new is served (an idle connection of the biggest holder is closed).
        #expect(Self.open(slots, "10.0.0.3", busy: true, keeping: &peers))
    }

    @Test func underPressureATrustedProxyStillGetsASlot() throws {
        let proxy = try #require(IPAddressRange("10.0.0.9"))
        let slots = Self.slots(total: 10, perClient: 3, reserve: 2, trusted: [proxy])
        var peers: [CountedPeer] = []
        // The proxy carries the household: past the per-client share, and the server is full.
        for _ in 1...6 { #expect(Self.open(slots, "10.0.0.9", keeping: &peers)) }
        for _ in 1...2 { Self.open(slots, "10.0.0.1", keeping: &peers) }
        #expect(slots.count == 8)
        #expect(Self.open(slots, "10.0.0.9", keeping: &peers), "an idle slot is given back for the proxy")
    }

    /// MHD reports finished requests from its threads in no fixed order, so "oldest" is
    /// the order connections were opened, not when their requests were reported done.
    @Test func aClientAtItsShareGivesUpTheConnectionItOpenedFirst() {
        let slots = Self.slots(total: 10, perClient: 2, reserve: 2)
        var peers: [CountedPeer] = []
        Self.open(slots, "10.0.0.1", busy: true, keeping: &peers)
        Self.open(slots, "10.0.0.1", busy: true, keeping: &peers)
        let (first, second) = (peers[0], peers[1])
        slots.requestFinished(second)
        slots.requestFinished(first)
        #expect(Self.open(slots, "10.0.0.1", keeping: &peers), "at its share, the client still connects")
        #expect(!slots.isWaiting(first), "the first connection opened was given back")
        #expect(slots.isWaiting(second), "the later one stays")
    }
}
