package import ATProto
import Viewing

/// Builds the Bluesky post for a story exactly as Grain's clients do (§6), so Grain
/// links the post back to the story: the text holds the story's path as Grain's clients
/// now write it, `/profile/{handle}/story/{rkey}` (the DID when the handle is not a
/// usable one, `StoryLinks.actor`), which Grain's AppView matches as it matches the
/// DID form; facets use UTF-8 byte offsets.
package struct CrosspostComposer: Sendable {
    /// The site in front of the story path (default `https://grain.social`).
    package let storyLinkURL: String

    package init(storyLinkURL: String) {
        self.storyLinkURL = storyLinkURL.hasSuffix("/") ? String(storyLinkURL.dropLast()) : storyLinkURL
    }

    package func storyURL(did: DID, handle: Handle?, rkey: RecordKey) -> String {
        storyLinkURL + StoryLinks.story(did: did, handle: handle, rkey: rkey)
    }

    /// The post for `story` (already written as `did`/`rkey`), with `place` the
    /// formatted location (`locationDisplay` rules) when the story has one.
    package func post(for story: StoryRecord, did: DID, handle: Handle?, rkey: RecordKey, place: String?, createdAt: Datetime) -> FeedPostRecord {
        let url = storyURL(did: did, handle: handle, rkey: rkey)
        var lines = [""]
        if let place, !place.isEmpty { lines += ["📍 " + place, ""] }
        lines.append("#GrainSocial " + url)
        let text = lines.joined(separator: "\n")
        return FeedPostRecord(
            text: text,
            facets: facets(in: text),
            embed: .init(images: [.init(image: story.media, alt: "", aspectRatio: story.aspectRatio)]),
            tags: ["grainsocial"],
            createdAt: createdAt
        )
    }

    /// Link and hashtag facets with UTF-8 byte ranges, sorted, overlaps skipped.
    package func facets(in text: String) -> [FeedPostRecord.Facet]? {
        var found: [FeedPostRecord.Facet] = []
        // Scalar by scalar, as the regular expressions of Grain's clients (and Foundation's)
        // match, not by the `Character` that a combining mark would join to a link's end.
        let link = #/https?://[^\s<>\[\]()]+/#.matchingSemantics(.unicodeScalar)
        let hashtag = #/#(\p{L}[\p{L}\p{N}_]*)/#.matchingSemantics(.unicodeScalar)
        for match in text.matches(of: link) {
            found.append(.init(index: byteSlice(text, match.range), features: [.link(String(text[match.range]))]))
        }
        for match in text.matches(of: hashtag) {
            found.append(.init(index: byteSlice(text, match.range), features: [.tag(String(match.output.1))]))
        }
        found.sort { $0.index.byteStart < $1.index.byteStart }
        var result: [FeedPostRecord.Facet] = []
        for facet in found where result.last.map({ $0.index.byteEnd <= facet.index.byteStart }) ?? true {
            result.append(facet)
        }
        return result.isEmpty ? nil : result
    }

    private func byteSlice(_ text: String, _ range: Range<String.Index>) -> FeedPostRecord.Facet.ByteSlice {
        let start = text.utf8.distance(from: text.utf8.startIndex, to: range.lowerBound)
        return .init(byteStart: start, byteEnd: start + text[range].utf8.count)
    }
}
