package import ATProto
import Viewing

/// A comment's text cut into plain runs and links, from its facets, without trusting
/// them: a facet's byte range (UTF-8 offsets, end exclusive) must lie within the text,
/// start and end on character boundaries (never inside a UTF-8 sequence or a grapheme
/// cluster) and not overlap an earlier facet; its link must be `http(s)` with no spaces
/// or controls. Anything else is shown as the plain text it covers. Mentions lead to the
/// person's profile here; tags stay text. The runs are escaped by the templates.
package enum CommentText {
    package struct Run: Sendable, Equatable {
        package var text: String
        /// nil: plain text.
        package var href: String?

        package init(_ text: String, href: String? = nil) {
            self.text = text
            self.href = href
        }
    }

    package static func runs(_ text: String, facets: [RichTextFacet]?) -> [Run] {
        let bytes = Array(text.utf8)
        guard let facets, !facets.isEmpty else { return text.isEmpty ? [] : [Run(text)] }
        // UTF-8 offsets where a Character starts, and the end.
        var boundaries: Set<Int> = [bytes.count]
        var offset = 0
        for character in text {
            boundaries.insert(offset)
            offset += character.utf8.count
        }
        var accepted: [(start: Int, end: Int, href: String)] = []
        for facet in facets.sorted(by: { $0.index.byteStart < $1.index.byteStart }) {
            let start = facet.index.byteStart
            let end = facet.index.byteEnd
            guard start >= 0, end <= bytes.count, start < end, boundaries.contains(start), boundaries.contains(end),
                accepted.last.map({ $0.end <= start }) ?? true,
                let href = facet.features.lazy.compactMap(Self.href).first
            else { continue }
            accepted.append((start, end, href))
        }
        var runs: [Run] = []
        var position = 0
        func plain(_ from: Int, _ to: Int) {
            if from < to { runs.append(Run(String(decoding: bytes[from..<to], as: UTF8.self))) }
        }
        for facet in accepted {
            plain(position, facet.start)
            runs.append(Run(String(decoding: bytes[facet.start..<facet.end], as: UTF8.self), href: facet.href))
            position = facet.end
        }
        plain(position, bytes.count)
        return runs
    }

    private static func href(_ feature: RichTextFacet.Feature) -> String? {
        switch feature {
        case .link(let uri): safeLink(uri)
        case .mention(let did): StoryLinks.profile(did)
        case .tag, .other: nil
        }
    }

    /// An absolute `http`/`https` URL of at most 2048 bytes without spaces, controls,
    /// quotes or angle brackets; anything else is not linked.
    static func safeLink(_ uri: String) -> String? {
        let lower = uri.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), uri.utf8.count <= 2048, uri.utf8.count > 8,
            !uri.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || "\"<>\\`".unicodeScalars.contains($0) })
        else { return nil }
        return uri
    }
}
