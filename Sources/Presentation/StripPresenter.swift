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
    /// the grid. Each shows its unseen texts until `seen` is set.
    package func tiles(_ authors: [StoryAuthor], now: Date) -> [StripTileModel] {
        authors.filter { $0.storyCount > 0 }.enumerated().map { position, author in
            let profile = author.profile
            let count = Self.count(author.storyCount)
            let cover = StoryLinks.cover(profile.did)
            return StripTileModel(
                did: profile.did.rawValue, name: profile.name, href: StoryLinks.author(did: profile.did, handle: profile.handle),
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

    /// The tiles for one visitor, each showing whether `seen` holds its newest story.
    package func tiles(_ authors: [StoryAuthor], seen: SeenState, now: Date) -> [StripTileModel] {
        zip(authors.filter { $0.storyCount > 0 }, tiles(authors, now: now)).map { author, tile in
            var tile = tile
            tile.seen = .known(seen.hasSeenAll(author: author.profile.did, latestAt: author.latestAt))
            return tile
        }
    }

    /// The tiles for one visitor as one template value (tests compare pages with it).
    package func authors(_ authors: [StoryAuthor], seen: SeenState, now: Date) -> TemplateValue {
        .list(tiles(authors, seen: seen, now: now).map(\.templateValue))
    }

    /// The first tile for a signed-in person: their avatar with a plus badge. With a live
    /// story of their own (`story`) it offers both "View your story" and "Add to your
    /// story", as Grain's apps do; without one it goes straight to the new-story form.
    package func own(name: String, avatarURL: String?, story: StoryAuthor?, seen: SeenState) -> OwnTileModel {
        OwnTileModel(
            avatar: AvatarPresenter.model(url: avatarURL, name: name, signer: signer),
            story: story.map { story in
                let allSeen = seen.hasSeenAll(author: story.profile.did, latestAt: story.latestAt)
                return OwnTileModel.Story(
                    href: StoryLinks.author(did: story.profile.did, handle: story.profile.handle), ringClass: allSeen ? "ring-seen" : "ring-unseen",
                    accessibleName: "Your story, \(Self.count(story.storyCount))"
                )
            }
        )
    }

    private static func count(_ stories: Int) -> String {
        stories == 1 ? "1 story" : "\(stories) stories"
    }
}
