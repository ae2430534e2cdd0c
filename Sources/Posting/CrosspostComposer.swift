package import ATProto
import Foundation
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
        let whole = NSRange(text.startIndex..., in: text)
        for match in Self.link.matches(in: text, range: whole) {
            guard let range = Range(match.range, in: text) else { continue }
            found.append(.init(index: byteSlice(text, range), features: [.link(String(text[range]))]))
        }
        for match in Self.hashtag.matches(in: text, range: whole) {
            guard let range = Range(match.range, in: text), let tagRange = Range(match.range(at: 1), in: text) else { continue }
            found.append(.init(index: byteSlice(text, range), features: [.tag(String(text[tagRange]))]))
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

    // Both patterns are fixed literals; compiling them cannot fail.
    // swiftlint:disable force_try
    private static let link = try! NSRegularExpression(pattern: #"https?://[^\s<>\[\]()]+"#)
    private static let hashtag = try! NSRegularExpression(pattern: #"#(\p{L}[\p{L}\p{N}_]*)"#)
    // swiftlint:enable force_try
}
