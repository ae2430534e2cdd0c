import ATProto
import Synchronization
import Testing

@testable import Social

/// A typed `@handle` becomes a mention facet over its UTF-8 bytes when it resolves, and
/// stays text otherwise; addresses, punctuation and floods are not mentions.
@Suite struct MentionFacetsTests {
    static let bob = DID("did:plc:bob222222222222222222222")!

    private func facets(_ text: String, known: [String: DID] = ["bob.test": MentionFacetsTests.bob]) async -> [RichTextFacet] {
        await MentionFacets.facets(in: text) { known[$0.rawValue] }
    }

    @Test func aResolvedMentionCoversTheAtAndTheHandleInUTF8Bytes() async {
        // "café " is 6 bytes, the family emoji 25, then a space: "@bob.test" starts at byte 32.
        let text = "café 👩‍👩‍👧‍👦 @bob.test, look"
        let found = await facets(text)
        #expect(found == [RichTextFacet(index: .init(byteStart: 32, byteEnd: 41), features: [.mention(Self.bob)])])
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[32..<41], as: UTF8.self) == "@bob.test")
    }

    @Test func anUnresolvableHandleStaysPlainText() async {
        #expect(await facets("hi @nobody.test and @bob.test").map(\.index.byteStart) == [20])
        #expect(await facets("hi @nobody.test").isEmpty)
    }

    @Test func sentencePunctuationAndCapitalsAreNotPartOfTheHandle() async {
        let found = await facets("Thanks @Bob.Test.")
        #expect(found.map(\.index) == [.init(byteStart: 7, byteEnd: 16)])
    }

    @Test func anAddressOrABareWordIsNotAMention() {
        #expect(MentionFacets.mentions(in: "mail me@bob.test or @@bob.test or @bob or @-x.test").isEmpty)
    }

    @Test func atMostTenMentionsAreLookedUp() async {
        let text = (0..<30).map { _ in "@bob.test" }.joined(separator: " ")
        let asked = Mutex(0)
        let found = await MentionFacets.facets(in: text) { _ in
            asked.withLock { $0 += 1 }
            return Self.bob
        }
        #expect(found.count == MentionFacets.maxMentions)
        #expect(asked.withLock { $0 } == 1, "each handle is resolved once")
    }
}
