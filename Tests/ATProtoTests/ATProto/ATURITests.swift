import ATProto
import Testing

@Suite struct ATURITests {
    @Test func recordURIsAreTakenApartOnce() throws {
        let uri = try #require(ATURI(String("at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/social.grain.story/3mabc2xyz")))
        #expect(uri.did?.rawValue == "did:plc:ewvi7nxzyoun6zhxrhs64oiz")
        #expect(uri.collection == .story)
        #expect(uri.rkey?.rawValue == "3mabc2xyz")
        #expect(uri.rawValue == "at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/social.grain.story/3mabc2xyz")
    }

    @Test func builtURIsReadBack() throws {
        let did = try #require(DID(String("did:web:alice.test")))
        let rkey = try #require(RecordKey(String("self")))
        let uri = ATURI(did, .grainProfile, rkey)
        #expect(uri.rawValue == "at://did:web:alice.test/social.grain.actor.profile/self")
        #expect(ATURI(uri.rawValue) == uri)
    }

    @Test func authoritiesAndCollectionsAlone() {
        #expect(ATURI(String("at://alice.test"))?.authority == .handle(Handle(String("alice.test"))!))
        #expect(ATURI(String("at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/app.bsky.feed.post"))?.rkey == nil)
    }

    @Test func malformedURIsAreRefused() {
        for text in [
            "", "at://", "https://x.test/a", "at://did:plc:a b/social.grain.story/x", "at://alice.test/notansid/x",
            "at://alice.test/social.grain.story/a/b", "at://alice.test/social.grain.story/..", "at://alice.test/social.grain.story/",
            "at://alice.test/social.grain.story/a?b", "at://@alice.test",
        ] {
            #expect(ATURI(text) == nil, "\(text)")
        }
    }

    @Test func recordKeysFollowTheSyntax() {
        for key in ["self", "3mabc2xyz", "a.b_c:d~e-f", String(repeating: "k", count: 512)] {
            #expect(RecordKey(key) != nil, "\(key)")
        }
        for key in ["", ".", "..", "a/b", "a b", "ü", String(repeating: "k", count: 513)] {
            #expect(RecordKey(key) == nil, "\(key)")
        }
    }

    @Test func nsidsFollowTheSyntax() {
        for text in ["social.grain.story", "app.bsky.feed.post", "com.example.fooBar2"] {
            #expect(NSID(text) != nil, "\(text)")
        }
        for text in ["", "story", "grain.story", "social.grain.2story", "social.grain.story-x", "social..story", "-a.b.c"] {
            #expect(NSID(text) == nil, "\(text)")
        }
    }
}
