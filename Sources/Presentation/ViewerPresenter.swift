package import ATProto
package import FoundationEssentials
package import Viewing

/// Everything the viewer template shows for one story: the photo with a real text
/// alternative, one progress segment per story of the author, the header, and the
/// links behind the tap zones, keys and swipes.
package struct ViewerPresenter: Sendable {
    package let signer: MediaURLSigner
    package let now: Date

    package init(signer: MediaURLSigner, now: Date) {
        self.signer = signer
        self.now = now
    }

    /// Labels decide the warning here; whose stories reach the viewer at all was decided
    /// before (`StoryVisibility.author`), by the same policy.
    private var visibility: StoryVisibility { StoryVisibility(now: now) }

    package struct Input: Sendable {
        package var story: StoryView
        package var stories: [StoryView]
        package var index: Int
        package var neighbors: StoryNavigator.Neighbors
        package var back: String?
        package var isLive: Bool
        /// The signed-in person wrote this story and may delete it (their sign-in allows it).
        package var isOwn: Bool = false
        /// This server's public origin (`https://host`), for link previews and Share; nil
        /// when it is not known (then there are no previews and Share gives the path).
        package var origin: String?
        /// Opened from a profile: only this person plays, and every link says so
        /// (`StoryLinks.onePerson`).
        package var onePerson: Bool = false

        package init(story: StoryView, stories: [StoryView], index: Int, neighbors: StoryNavigator.Neighbors, back: String?, isLive: Bool) {
            self.story = story
            self.stories = stories
            self.index = index
            self.neighbors = neighbors
            self.back = back
            self.isLive = isLive
        }
    }

    package func page(_ input: Input) -> ViewerPageModel {
        var page = model(input)
        page.story.srcset = signer.srcset(for: input.story.fullsize, widths: MediaWidths.photos, original: MediaWidths.originalWidth)
        page.story.sizes = ImageSizes.wholePhoto(input.story.aspectRatio)
        return page
    }

    private func model(_ input: Input) -> ViewerPageModel {
        let story = input.story
        let author = story.creator
        let created = story.createdAt.date
        let position = "\(input.index + 1) of \(input.stories.count)"
        let place = story.placeLabel
        var alt = "Photo story by \(author.name), \(position), \(RelativeTime.long(from: created, now: now))"
        if let place { alt += ", at \(place)" }
        let closeHref = input.back ?? "/"

        var warning: String?
        if case .behindWarning(let reason) = visibility.story(story) { warning = reason }

        return ViewerPageModel(
            story: ViewerPageModel.Story(
                did: author.did.rawValue, rkey: story.rkey.rawValue, createdAt: story.createdAt.rawValue,
                timeShort: RelativeTime.short(from: created, now: now), timeLong: RelativeTime.long(from: created, now: now),
                place: place, alt: alt,
                // A photo this server will not proxy gives no `<img>` at all, never `src=""`.
                image: signer.path(for: story.fullsize),
                width: story.aspectRatio.width, height: story.aspectRatio.height, warning: warning, position: position,
                authorName: author.name, authorHandle: author.shownHandle, authorHref: StoryLinks.profile(did: author.did, handle: author.handle),
                avatar: AvatarPresenter.model(url: author.avatar, name: author.name, signer: signer), expired: !input.isLive
            ),
            index: input.index, count: input.stories.count,
            previousHref: href(input.neighbors.previous, input, close: link(story, back: input.back, onePerson: input.onePerson)),
            nextHref: href(input.neighbors.next, input, close: closeHref),
            nextIsClose: input.neighbors.next == .close,
            closeHref: closeHref,
            deleteHref: input.isOwn ? StoryLinks.deleteStory(story, back: input.back) : nil,
            previousAuthorHref: input.neighbors.previousAuthor.map { link($0, back: input.back) },
            nextAuthorHref: input.neighbors.nextAuthor.map { link($0, back: input.back) },
            preloadImages: preloads(input),
            // The link Share hands on: the story's own address (no `back`), absolute when
            // the server's origin is known.
            shareURL: (input.origin ?? "") + StoryLinks.story(story),
            shareTitle: "Story by @\(author.shownHandle)",
            crossPostURL: Self.blueskyURL(story.crossPost?.url),
            preview: preview(input),
            previousAuthor: input.neighbors.previousAuthor.map { neighbour($0, back: input.back, label: "Previous person") },
            nextAuthor: input.neighbors.nextAuthor.map { neighbour($0, back: input.back, label: "Next person") }
        )
    }

    /// Open Graph and Twitter Card values, so a story's link pasted into a chat shows its
    /// photo: absolute URLs only, so nothing without a known origin. A labelled story's
    /// preview carries no photo, as its photo is covered in the viewer too.
    private func preview(_ input: Input) -> ViewerPageModel.Preview? {
        guard let origin = input.origin else { return nil }
        let story = input.story
        // Only a photo that may be shown without asking, and that this server proxies (a
        // refused one gives no image, not the bare site address).
        let image = visibility.showsPhotoUnasked(story) ? signer.path(for: story.fullsize) : nil
        var description = "A photo story on Grain"
        if let place = story.placeLabel { description = "\(place) · a photo story on Grain" }
        return ViewerPageModel.Preview(
            title: "Story by @\(story.creator.shownHandle)", description: description,
            url: origin + StoryLinks.story(story), image: image.map { origin + $0 },
            width: story.aspectRatio.width, height: story.aspectRatio.height
        )
    }

    /// The crosspost's address when it is a Bluesky post link, the only kind Grain makes
    /// (`https://bsky.app/profile/{did}/post/{rkey}`); anything else is not linked.
    package static func blueskyURL(_ url: String?) -> String? {
        guard let url, url.hasPrefix("https://bsky.app/profile/"), url.utf8.count <= 512,
            !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0 == "\"" || $0 == "<" || $0 == ">" || $0 == "\\" })
        else { return nil }
        return url
    }

    /// A neighbouring person's story shown small beside the viewer on wide screens (as
    /// Instagram's web viewer does): their photo, avatar and name, leading to them.
    private func neighbour(_ story: StoryView, back: String?, label: String) -> ViewerNeighbourModel {
        let author = story.creator
        // Beside the viewer nobody chose to see a warned photo: no photo then, nor its sizes.
        let shown = visibility.showsPhotoUnasked(story)
        var neighbour = ViewerNeighbourModel(
            href: link(story, back: back),
            thumb: shown ? signer.path(for: story.thumb) : nil,
            name: author.name, label: "\(label): \(author.name)", time: RelativeTime.short(from: story.createdAt.date, now: now),
            avatar: AvatarPresenter.model(url: author.avatar, name: author.name, signer: signer)
        )
        neighbour.srcset = shown ? signer.srcset(for: story.thumb, widths: MediaWidths.tiles) : nil
        neighbour.sizes = ImageSizes.neighbour(story.aspectRatio)
        return neighbour
    }

    private func link(_ story: StoryView, back: String?, onePerson: Bool = false) -> String {
        let link = StoryLinks.story(story, back: back)
        return onePerson ? StoryLinks.onePerson(link) : link
    }

    private func href(_ target: StoryNavigator.Target, _ input: Input, close: String) -> String {
        switch target {
        case .story(let story): link(story, back: input.back, onePerson: input.onePerson)
        case .close: close
        }
    }

    /// The photo on screen, asked for first (with its `srcset`, at high priority, before
    /// the scripts and styles are read): a shared link's photo is painted as soon as its
    /// bytes arrive. The next story's and the next person's photos are not preloaded here:
    /// the viewer's script fetches them once this photo has been painted, at low priority
    /// (`viewer.js`), so they never compete with it.
    private func preloads(_ input: Input) -> [String] {
        signer.path(for: input.story.fullsize).map { [$0] } ?? []
    }
}
