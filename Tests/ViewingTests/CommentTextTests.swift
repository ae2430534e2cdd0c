import ATProto
import ATProtoTestKit
import Testing

@testable import Presentation
@testable import Social
@testable import Viewing

/// Facets become links only when their byte ranges are sound.
@Suite struct CommentTextTests {
    private func link(_ start: Int, _ end: Int, _ uri: String = "https://example.org") -> RichTextFacet {
        RichTextFacet(index: .init(byteStart: start, byteEnd: end), features: [.link(uri)])
    }

    @Test func aSoundRangeBecomesALinkAndTheRestStaysText() {
        #expect(
            CommentText.runs("see this now", facets: [link(4, 8)]) == [
                .init("see "), .init("this", href: "https://example.org"), .init(" now"),
            ])
    }

    @Test func offsetsAreUTF8BytesNotCharacters() {
        // "é" is two bytes: "link" starts at byte 6, character 5.
        let text = "café link"
        #expect(CommentText.runs(text, facets: [link(6, 10)]).last == .init("link", href: "https://example.org"))
        #expect(CommentText.runs(text, facets: [link(4, 8)]) == [.init(text)], "a range starting inside \"é\" is refused")
    }

    @Test(arguments: [(-1, 3), (2, 2), (5, 3), (0, 99), (1, 2), (0, 5)])
    func unsoundRangesAreIgnored(range: (Int, Int)) {
        // "é" at bytes 0-1, then a family emoji (a single grapheme of 25 bytes) from byte 2.
        let text = "é👩‍👩‍👧‍👦"
        #expect(CommentText.runs(text, facets: [link(range.0, range.1)]) == [.init(text)], "\(range)")
    }

    @Test func overlappingFacetsKeepTheFirstOnly() {
        let runs = CommentText.runs("abcdefgh", facets: [link(4, 8, "https://second.example"), link(0, 6, "https://first.example")])
        #expect(runs == [.init("abcdef", href: "https://first.example"), .init("gh")])
    }

    @Test(arguments: ["javascript:alert(1)", "data:text/html,x", "https://a b.example", "https://x.example/\"", "//evil.example", "http://"])
    func onlyPlainHTTPLinksAreLinked(uri: String) {
        #expect(CommentText.runs("abc", facets: [link(0, 3, uri)]) == [.init("abc")])
    }

    @Test func mentionsLeadToTheProfileAndTagsStayText() {
        let did: DID = "did:plc:abcdefghijklmnopqrstuvwx"
        let runs = CommentText.runs(
            "@bob #tag",
            facets: [
                RichTextFacet(index: .init(byteStart: 0, byteEnd: 4), features: [.mention(did)]),
                RichTextFacet(index: .init(byteStart: 5, byteEnd: 9), features: [.tag("tag")]),
            ])
        #expect(runs == [.init("@bob", href: "/profile/did:plc:abcdefghijklmnopqrstuvwx"), .init(" #tag")])
    }
}
