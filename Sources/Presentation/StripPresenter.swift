package import ATProto
package import FoundationEssentials
package import HTMLTemplates
package import Viewing

/// The story strip's tiles: one per author with a live story, in strip order
/// (`StripOrder`), with both versions of what the ring shows (seen and not), and the
/// signed-in person's own tile.
package struct StripPresenter: Sendable {
    package let signer: MediaURLSigner

    package init(signer: MediaURLSigner) {
        self.signer = signer
    }

    /// One tile per author with a live story; `now` dates each person's newest story on
    /// the grid. Each shows its unseen texts until `seen` is set, and links to the story
    /// it opens at for someone who has seen none of them (`StoryStart.link`, from the
    /// author's `stories` when known; else `/stories/{actor}`).
    package func tiles(_ authors: [StoryAuthor], now: Date, stories: (DID) -> [StoryView]? = { _ in nil }) -> [StripTileModel] {
        authors.filter { $0.storyCount > 0 }.enumerated().map { position, author in
            let profile = author.profile
            let count = Self.count(author.storyCount)
            let cover = StoryLinks.cover(profile.did)
            return StripTileModel(
                did: profile.did.rawValue, name: profile.name, href: StoryStart.link(for: author, stories: stories(profile.did), seen: SeenState()),
                avatar: AvatarPresenter.model(url: profile.avatar, name: profile.name, signer: signer, eager: position < StripTileModel.eagerCount),
                cover: cover,
                time: RelativeTime.short(from: author.latestAt.date, now: now),
                timeLong: RelativeTime.long(from: author.latestAt.date, now: now),
                latestAt: author.latestAt.rawValue, count: count,
                whenUnseen: .init(ringClass: "ring-unseen", accessibleName: "\(profile.name), \(count), new"),
                whenSeen: .init(ringClass: "ring-seen", accessibleName: "\(profile.name), \(count), seen"),
                seen: .known(false),
                coverSrcset: MediaWidths.covers.map { "\(cover)/\($0) \($0)w" }.joined(separator: ", "),
                position: position
            )
        }
    }

    /// The tiles for one visitor, each showing whether `seen` holds its newest story and
    /// linking to the story it opens at for them.
    package func tiles(_ authors: [StoryAuthor], seen: SeenState, now: Date, stories: (DID) -> [StoryView]? = { _ in nil }) -> [StripTileModel] {
        zip(authors.filter { $0.storyCount > 0 }, tiles(authors, now: now, stories: stories)).map { author, tile in
            var tile = tile
            tile.seen = .known(seen.hasSeenAll(author: author.profile.did, latestAt: author.latestAt))
            if Self.partlySeen(author, seen: seen) { tile.href = StoryStart.link(for: author, stories: stories(author.profile.did), seen: seen) }
            return tile
        }
    }

    /// Whether `seen` holds some of `author`'s stories but not the newest: the only case
    /// where a tile opens at another story than for someone who saw none or all of them.
    package static func partlySeen(_ author: StoryAuthor, seen: SeenState) -> Bool {
        seen.newestSeen[author.profile.did] != nil && !seen.hasSeenAll(author: author.profile.did, latestAt: author.latestAt)
    }

    /// The tiles for one visitor as one template value (tests compare pages with it).
    package func authors(_ authors: [StoryAuthor], seen: SeenState, now: Date, stories: (DID) -> [StoryView]? = { _ in nil }) -> TemplateValue {
        .list(tiles(authors, seen: seen, now: now, stories: stories).map(\.templateValue))
    }

    /// The first tile for a signed-in person: their avatar with a plus badge. With a live
    /// story of their own (`story`) it offers both "View your story" and "Add to your
    /// story", as Grain's apps do; without one it goes straight to the new-story form.
    package func own(
        name: String, avatarURL: String?, story: StoryAuthor?, seen: SeenState, stories: (DID) -> [StoryView]? = { _ in nil }
    ) -> OwnTileModel {
        OwnTileModel(
            avatar: AvatarPresenter.model(url: avatarURL, name: name, signer: signer),
            story: story.map { story in
                let allSeen = seen.hasSeenAll(author: story.profile.did, latestAt: story.latestAt)
                return OwnTileModel.Story(
                    href: StoryStart.link(for: story, stories: stories(story.profile.did), seen: seen), ringClass: allSeen ? "ring-seen" : "ring-unseen",
                    accessibleName: "Your story, \(Self.count(story.storyCount))"
                )
            }
        )
    }

    private static func count(_ stories: Int) -> String {
        stories == 1 ? "1 story" : "\(stories) stories"
    }
}
