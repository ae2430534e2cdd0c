import ATProto
import Testing

@Suite struct HandleTests {
    @Test func typedHandlesAreNormalised() {
        #expect(Handle(String("  @Alice.Bsky.Social "))?.rawValue == "alice.bsky.social")
        #expect(Handle(String("xn--bcher-kva.test"))?.rawValue == "xn--bcher-kva.test")
        #expect(Handle(String("4chan.org"))?.rawValue == "4chan.org")
    }

    @Test func wireHandlesMustBeExact() {
        #expect(Handle(exactly: "Alice.Test")?.rawValue == "alice.test")
        #expect(Handle(exactly: "@alice.test") == nil)
        #expect(Handle(exactly: " alice.test") == nil)
        #expect(Handle(wireText: "@alice.test") == nil)
    }

    @Test func limitsAreInclusive() {
        let longest = "shoooort" + String(repeating: ".loooooooooooooooooooooooooong", count: 8) + ".test"
        #expect(longest.utf8.count == 253)
        #expect(Handle(longest)?.rawValue == longest)
        #expect(Handle("short.\(String(repeating: "o", count: 63)).test") != nil)
    }

    @Test func invalidHandlesAreRefused() {
        let invalid = [
            "", "@", "alice", "alice.", ".alice.test", "alice..test", "-alice.test", "alice-.test", "alice.1test",
            "al ice.test", "al_ice.test", "alice.test/x", "bücher.test", "alice@test.com", "did:plc:abc",
            "short.\(String(repeating: "o", count: 64)).test", String(repeating: "a.", count: 127) + "test",
        ]
        for handle in invalid {
            #expect(Handle(handle) == nil, "\(handle)")
        }
    }

    @Test func reservedTopLevelDomainsAreNotLookedUp() {
        for handle in ["laptop.local", "x.arpa", "a.localhost", "a.internal", "a.example", "a.onion", "a.alt", "a.invalid"] {
            #expect(Handle(handle) != nil)
            #expect(Handle(handle)?.isResolvable == false, "\(handle)")
        }
        #expect(Handle(String("alice.test"))?.isResolvable == true)
        #expect(Handle(String("alice.bsky.social"))?.isResolvable == true)
    }
}
