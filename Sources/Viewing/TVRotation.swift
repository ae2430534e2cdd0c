package import ATProto

/// The people TV mode plays, in the order it plays them, round and round: the strip's
/// order (`StripOrder`), optionally only the people one account follows, that account
/// first (its own stories lead, as its own tile leads Grain's strip).
///
/// Moving on from the last person starts again at the first, so a TV never runs out;
/// `navigationOrder(around:)` gives `StoryNavigator` a window of the circle, so the
/// viewer's own "next story, else next person" rules decide every step.
package struct TVRotation: Sendable {
    /// How many people on each side of the current one `navigationOrder` includes: more
    /// than `StoryNavigator` looks at, so it finds the nearest person with a story.
    static let reach = 8

    package let authors: [StoryAuthor]

    /// Everyone in `authors` (Grain's order), or with `follows` only those people and
    /// `account`, the account first.
    package init(authors: [StoryAuthor], account: DID? = nil, follows: [DID]? = nil) {
        guard let follows else {
            self.authors = StripOrder.arrange(authors, viewer: nil)
            return
        }
        let wanted = Set(follows + (account.map { [$0] } ?? []))
        self.authors = StripOrder.arrange(authors.filter { wanted.contains($0.profile.did) }, viewer: account)
    }

    package var isEmpty: Bool { authors.isEmpty }

    package func index(of did: DID) -> Int? {
        authors.firstIndex { $0.profile.did == did }
    }

    /// The people around `did` as a line with `did` once in the middle: up to `reach`
    /// before it and after it, wrapping round the circle (with few people, the others
    /// appear on both sides, so "previous" and "next" both reach them).
    package func navigationOrder(around did: DID) -> [DID] {
        guard let position = index(of: did) else { return [did] }
        let count = authors.count
        let side = min(count - 1, TVRotation.reach)
        let before = (0..<side).reversed().map { authors[(position - 1 - $0 + count * 2) % count].profile.did }
        let after = (0..<side).map { authors[(position + 1 + $0) % count].profile.did }
        return before + [did] + after
    }

    /// The next `count` people after `did` round the circle, `did` itself never among them.
    package func upNext(after did: DID, count: Int) -> [StoryAuthor] {
        guard let position = index(of: did) else { return Array(authors.prefix(count)) }
        let others = authors.count - 1
        return (0..<min(count, others)).map { authors[(position + 1 + $0) % authors.count] }
    }
}
