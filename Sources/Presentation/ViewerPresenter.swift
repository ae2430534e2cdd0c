public import Foundation
public import HTMLTemplates
public import ATProto
public import Viewing

/// Everything the viewer template shows for one story: the photo with a real text
/// alternative, one progress segment per story of the author, the header, and the
/// links behind the tap zones, keys and swipes.
public struct ViewerPresenter: Sendable {
    public let signer: MediaURLSigner
    public let now: Date

    public init(signer: MediaURLSigner, now: Date) {
        self.signer = signer
        self.now = now
    }

    /// Labels decide the warning here; whose stories reach the viewer at all was decided
    /// before (`StoryVisibility.author`), by the same policy.
    private var visibility: StoryVisibility { StoryVisibility(now: now) }

    public struct Input: Sendable {
        public var story: StoryView
        public var stories: [StoryView]
        public var index: Int
        public var neighbors: StoryNavigator.Neighbors
        public var back: String?
        public var isLive: Bool
        /// The signed-in person wrote this story (they may delete it).
        public var isOwn: Bool = false
        /// This server's public origin (`https://host`), for link previews and Share; nil
        /// when it is not known (then there are no previews and Share gives the path).
        public var origin: String?

        public init(story: StoryView, stories: [StoryView], index: Int, neighbors: StoryNavigator.Neighbors, back: String?, isLive: Bool) {
            self.story = story
            self.stories = stories
            self.index = index
            self.neighbors = neighbors
            self.back = back
            self.isLive = isLive
        }
    }

    public func context(_ input: Input) -> [String: TemplateValue] {
        let story = input.story
        let author = story.creator
        let created = story.createdAt.date
        let position = "\(input.index + 1) of \(input.stories.count)"
        let place = story.placeLabel
        var alt = "Photo story by \(author.name), \(position), \(RelativeTime.long(from: created, now: now))"
        if let place { alt += ", at \(place)" }
        let closeHref = input.back ?? "/"

        var warning: TemplateValue = .null
        if case .behindWarning(let reason) = visibility.story(story) { warning = .string(reason) }

        let segments: [TemplateValue] = input.stories.indices.map { index in
            let state = index < input.index ? "done" : index == input.index ? "current" : "upcoming"
            return [
                "state": .string(state),
                "number": .int(index + 1),
                "ariaCurrent": .string(index == input.index ? "step" : "false"),
            ]
        }

        return [
            "title": .string("Story by \(author.name)"),
            "story": [
                "did": .string(author.did.rawValue),
                "rkey": .string(story.rkey.rawValue),
                "createdAt": .string(story.createdAt.rawValue),
                "timeShort": .string(RelativeTime.short(from: created, now: now)),
                "timeLong": .string(RelativeTime.long(from: created, now: now)),
                "place": place.map(TemplateValue.string) ?? .null,
                "alt": .string(alt),
                // A photo this server will not proxy gives no `<img>` at all, never `src=""`.
                "image": signer.path(for: story.fullsize).map(TemplateValue.string) ?? .null,
                "width": .int(story.aspectRatio.width),
                "height": .int(story.aspectRatio.height),
                "warning": warning,
                "position": .string(position),
                "status": .string("Story \(position) · \(author.name) · \(RelativeTime.long(from: created, now: now))"),
                "authorName": .string(author.name),
                "authorHandle": .string(author.shownHandle),
                "authorHref": .string(StoryLinks.profile(author.did)),
                "avatar": AvatarPresenter.value(url: author.avatar, name: author.name, signer: signer),
                "expired": .bool(!input.isLive),
            ],
            "segments": .list(segments),
            // Going back from the very first story restarts it rather than closing.
            "previousHref": .string(href(input.neighbors.previous, back: input.back, close: link(story, back: input.back))),
            "nextHref": .string(href(input.neighbors.next, back: input.back, close: closeHref)),
            "nextIsClose": .bool(input.neighbors.next == .close),
            "closeHref": .string(closeHref),
            "deleteHref": input.isOwn ? .string(StoryLinks.story(did: author.did, rkey: story.rkey) + "/delete") : .null,
            "previousAuthorHref": input.neighbors.previousAuthor.map { .string(link($0, back: input.back)) } ?? .null,
            "nextAuthorHref": input.neighbors.nextAuthor.map { .string(link($0, back: input.back)) } ?? .null,
            "preloadImages": .list(preloads(input).map { .string($0) }),
            "share": share(input),
            "crossPostURL": Self.blueskyURL(story.crossPost?.url).map(TemplateValue.string) ?? .null,
            "preview": preview(input),
            "previousAuthor": input.neighbors.previousAuthor.map { neighbour($0, back: input.back, label: "Previous person") } ?? .null,
            "nextAuthor": input.neighbors.nextAuthor.map { neighbour($0, back: input.back, label: "Next person") } ?? .null,
        ]
    }

    /// The link Share hands on: the story's own address (no `back`), absolute when the
    /// server's origin is known.
    private func share(_ input: Input) -> TemplateValue {
        let path = StoryLinks.story(did: input.story.creator.did, rkey: input.story.rkey)
        return ["url": .string((input.origin ?? "") + path), "title": .string("Story by @\(input.story.creator.shownHandle)")]
    }

    /// Open Graph and Twitter Card values, so a story's link pasted into a chat shows its
    /// photo: absolute URLs only, so nothing without a known origin. A labelled story's
    /// preview carries no photo, as its photo is covered in the viewer too.
    private func preview(_ input: Input) -> TemplateValue {
        guard let origin = input.origin else { return .null }
        let story = input.story
        // Only a photo that may be shown without asking, and that this server proxies (a
        // refused one gives no image, not the bare site address).
        let image = visibility.showsPhotoUnasked(story) ? signer.path(for: story.fullsize) : nil
        var description = "A photo story on Grain"
        if let place = story.placeLabel { description = "\(place) · a photo story on Grain" }
        return [
            "title": .string("Story by @\(story.creator.shownHandle)"),
            "description": .string(description),
            "url": .string(origin + StoryLinks.story(did: story.creator.did, rkey: story.rkey)),
            "image": image.map { .string(origin + $0) } ?? .null,
            "width": .int(story.aspectRatio.width),
            "height": .int(story.aspectRatio.height),
        ]
    }

    /// The crosspost's address when it is a Bluesky post link, the only kind Grain makes
    /// (`https://bsky.app/profile/{did}/post/{rkey}`); anything else is not linked.
    public static func blueskyURL(_ url: String?) -> String? {
        guard let url, url.hasPrefix("https://bsky.app/profile/"), url.utf8.count <= 512,
              !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0 == "\"" || $0 == "<" || $0 == ">" || $0 == "\\" })
        else { return nil }
        return url
    }

    /// A neighbouring person's story shown small beside the viewer on wide screens (as
    /// Instagram's web viewer does): their photo, avatar and name, leading to them.
    private func neighbour(_ story: StoryView, back: String?, label: String) -> TemplateValue {
        let author = story.creator
        return [
            "href": .string(link(story, back: back)),
            // Beside the viewer nobody chose to see a warned photo: no photo then.
            "thumb": visibility.showsPhotoUnasked(story) ? signer.path(for: story.thumb).map(TemplateValue.string) ?? .null : .null,
            "name": .string(author.name),
            "label": .string("\(label): \(author.name)"),
            "time": .string(RelativeTime.short(from: story.createdAt.date, now: now)),
            "avatar": AvatarPresenter.value(url: author.avatar, name: author.name, signer: signer),
        ]
    }

    private func link(_ story: StoryView, back: String?) -> String {
        StoryLinks.story(did: story.creator.did, rkey: story.rkey, back: back)
    }

    private func href(_ target: StoryNavigator.Target, back: String?, close: String) -> String {
        switch target {
        case .story(let story): link(story, back: back)
        case .close: close
        }
    }

    /// The next story's image and the next author's first image, fetched ahead.
    private func preloads(_ input: Input) -> [String] {
        var urls: [String] = []
        if case .story(let next) = input.neighbors.next, let path = signer.path(for: next.fullsize) { urls.append(path) }
        if let first = input.neighbors.nextAuthor, let path = signer.path(for: first.fullsize), !urls.contains(path) { urls.append(path) }
        return urls
    }
}
