import Testing

@testable import MicroHTTPServer

/// `ConnectionSlots`' rules without sockets (negative descriptors are never shut down).
/// Peers are kept alive for the whole test, as MHD's socket context keeps them: an
/// entry is keyed by its peer's identity.
@Suite struct ConnectionSlotPolicyTests {
    static func slots(total: Int = 10, perClient: Int = 3, reserve: Int = 2, trusted: [IPAddressRange] = []) -> ConnectionSlots {
        ConnectionSlots(limits: .init(total: total, perClient: perClient, reserve: reserve), headTimeLimit: .seconds(60), trustedProxies: trusted)
    }

    /// Opens a connection for `address` as the accept thread and MHD do: admitted, then
    /// reported started; false if the policy refused it. Each gets a descriptor of its own.
    @discardableResult
    static func open(_ slots: ConnectionSlots, _ address: String, busy: Bool = false, keeping peers: inout [CountedPeer]) -> Bool {
        let descriptor = Int32(-1 - peers.count)
        guard slots.admit(address, descriptor: descriptor).peer != nil, let peer = slots.started(descriptor: descriptor) else { return false }
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

    /// The accept thread admits a burst of connects far faster than MHD's workers report
    /// them started, so each counts from its admission: a flood judged by the started
    /// ones alone once took every place below MHD's hard limit.
    @Test func connectionsCountFromTheirAdmissionBeforeMHDReportsThemStarted() {
        let slots = Self.slots(total: 10, perClient: 3, reserve: 2)
        let admitted = (0..<6).compactMap { slots.admit("10.0.0.1", descriptor: Int32(-1 - $0)).peer }
        #expect(admitted.count == 3, "the client's share, though none has started")
        #expect(slots.count == 3)
        // Not yet started, so not waiting: a newcomer under pressure cannot have one shut
        // down (its socket may not even be MHD's yet).
        for index in 0..<5 { _ = slots.admit("10.0.1.\(index)", descriptor: Int32(-10 - index)) }
        #expect(slots.count == 8)
        #expect(slots.admit("10.0.2.1", descriptor: -20).peer != nil, "a reserve slot for someone new")
        #expect(slots.admit("10.0.2.2", descriptor: -21).peer != nil)
        #expect(slots.admit("10.0.2.3", descriptor: -22).peer == nil, "full, and nothing waiting to give back")
        #expect(admitted.allSatisfy { !slots.isWaiting($0) })
        #expect(slots.started(descriptor: -1) === admitted[0])
        #expect(slots.isWaiting(admitted[0]), "waiting for its head once started")
        #expect(slots.admit("10.0.2.3", descriptor: -22).peer != nil, "now it can be given back for a newcomer")
        #expect(!slots.isWaiting(admitted[0]))
    }

    /// MHD closes a socket it could not allocate memory for without reporting it started
    /// or closed; when the accept thread is handed the same descriptor again, the old
    /// admission is given up, so its place is not held forever.
    @Test func anAdmissionNeverStartedIsGivenUpWhenItsDescriptorComesBack() {
        let slots = Self.slots(total: 10, perClient: 3, reserve: 2)
        let first = slots.admit("10.0.0.1", descriptor: -1)
        #expect(first.peer != nil && first.abandoned == 0)
        let again = slots.admit("10.0.0.2", descriptor: -1)
        #expect(again.abandoned == 1)
        #expect(slots.count == 1)
        #expect(slots.started(descriptor: -1) === again.peer)
    }

    /// MHD refused a socket it was handed (and closed it): the admission is taken back.
    @Test func aConnectionMHDRefusedNoLongerCounts() throws {
        let slots = Self.slots(total: 10, perClient: 1, reserve: 2)
        let peer = try #require(slots.admit("10.0.0.1", descriptor: -1).peer)
        slots.closed(peer)
        #expect(slots.count == 0)
        #expect(slots.started(descriptor: -1) == nil, "nothing is left to start on that socket")
        #expect(slots.admit("10.0.0.1", descriptor: -2).peer != nil, "its share is free again")
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
