/// A namespaced identifier (`social.grain.story`): a reversed domain of at least two
/// segments (each 1–63 letters, digits and hyphens, no hyphen at either end, the first
/// starting with a letter, as a top-level domain does), then a name of at most 63 that
/// starts with a letter and has only letters and digits; at most 317 in all. (The spec
/// also limits the domain part to 253, but the interop vectors call a 280-character one
/// valid, as atproto's own parsers do; the vectors are followed.) The collections this
/// server reads and writes are constants here.
package struct NSID: Hashable, Sendable {
    package let rawValue: String

    package static let story = NSID(known: "social.grain.story")
    package static let grainProfile = NSID(known: "social.grain.actor.profile")
    package static let blueskyProfile = NSID(known: "app.bsky.actor.profile")
    package static let blueskyPost = NSID(known: "app.bsky.feed.post")
    /// Whom a person follows on Grain (lexicon `social.grain.graph.follow`).
    package static let grainFollow = NSID(known: "social.grain.graph.follow")
    /// Whom a person blocks on Grain (lexicon `social.grain.graph.block`).
    package static let grainBlock = NSID(known: "social.grain.graph.block")
    /// A heart on a story (lexicon `social.grain.favorite`).
    package static let grainFavorite = NSID(known: "social.grain.favorite")
    /// A comment on a story (lexicon `social.grain.comment`).
    package static let grainComment = NSID(known: "social.grain.comment")

    package init?(_ text: some StringProtocol) {
        let segments = String(text).split(separator: ".", omittingEmptySubsequences: false)
        guard text.utf8.count <= 317, segments.count >= 3, let name = segments.last, NSID.startsWithLetter(name), name.utf8.count <= 63,
            name.utf8.allSatisfy({ NSID.isLetter($0) || NSID.isDigit($0) }),
            NSID.startsWithLetter(segments[0]),
            segments.dropLast().allSatisfy(NSID.isDomainSegment)
        else { return nil }
        rawValue = String(text)
    }

    private init(known text: String) {
        guard let nsid = NSID(text) else { preconditionFailure("not an NSID: \(text)") }
        self = nsid
    }

    private static func isDomainSegment(_ segment: Substring) -> Bool {
        let bytes = segment.utf8
        guard (1...63).contains(bytes.count), bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-") else { return false }
        return bytes.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") }
    }

    private static func startsWithLetter(_ segment: Substring) -> Bool { segment.utf8.first.map(isLetter) ?? false }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
}

extension NSID: ProtocolText {
    package static let kind = "NSID"
    package init?(wireText text: String) { self.init(text) }
}
