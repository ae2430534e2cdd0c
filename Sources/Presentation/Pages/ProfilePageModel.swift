public import HTMLTemplates

/// `profile.html`: a person's name, avatar, description and counts, their live stories
/// with the ring that opens them, hide or unhide, and on their own profile the archive.
public struct ProfilePageModel: PageModel, Equatable {
    public static let templateName = "profile"

    /// One of Grain's counts (galleries, followers, following), linking to Grain.
    public struct Count: TemplateModel, Equatable {
        public var label: String
        public var value: Int
        public var href: String

        public init(label: String, value: Int, href: String) {
            self.label = label
            self.value = value
            self.href = href
        }

        public var templateValues: [String: TemplateValue] {
            ["label": .string(label), "value": .int(value), "href": .string(href)]
        }
    }

    /// The ring around the avatar when they have live stories.
    public struct Ring: Sendable, Equatable {
        public var storyHref: String
        public var ringClass: String
        public var storyLabel: String

        public init(storyHref: String, ringClass: String, storyLabel: String) {
            self.storyHref = storyHref
            self.ringClass = ringClass
            self.storyLabel = storyLabel
        }
    }

    /// The owner's stories of the past, a page at a time.
    public struct Archive: TemplateModel, Equatable {
        /// Whether the AppView could not be read (the section says so).
        public var unavailable: Bool
        public var stories: [StoryTileModel]
        /// The next (older) page, when there is one.
        public var next: String?
        /// The first page, when this is a later one.
        public var first: String?

        public init(unavailable: Bool, stories: [StoryTileModel], next: String?, first: String?) {
            self.unavailable = unavailable
            self.stories = stories
            self.next = next
            self.first = first
        }

        public var templateValues: [String: TemplateValue] {
            [
                "unavailable": .bool(unavailable),
                "hasStories": .bool(!stories.isEmpty),
                "stories": .list(stories.map(\.templateValue)),
                "next": .optional(next),
                "first": .optional(first),
            ]
        }
    }

    public var name: String
    public var handle: String
    public var description: String?
    public var avatar: AvatarModel
    public var counts: [Count]
    public var stories: [StoryTileModel]
    public var ring: Ring?
    /// Why their stories are not shown (hidden, blocked).
    public var hiddenNote: String?
    /// The hide or unhide form, when it applies.
    public var hide: HideFormModel?
    /// The archive, on one's own profile only.
    public var archive: Archive?

    public init(
        name: String, handle: String, description: String?, avatar: AvatarModel, counts: [Count], stories: [StoryTileModel],
        ring: Ring?, hiddenNote: String?, hide: HideFormModel?, archive: Archive?
    ) {
        self.name = name
        self.handle = handle
        self.description = description
        self.avatar = avatar
        self.counts = counts
        self.stories = stories
        self.ring = ring
        self.hiddenNote = hiddenNote
        self.hide = hide
        self.archive = archive
    }

    public var templateValues: [String: TemplateValue] {
        [
            "title": .string("\(name) (@\(handle))"),
            "name": .string(name),
            "handle": .string(handle),
            "description": .optional(description),
            "avatar": avatar.templateValue,
            "counts": .list(counts.map(\.templateValue)),
            "hasStories": .bool(!stories.isEmpty),
            "stories": .list(stories.map(\.templateValue)),
            "storyHref": .optional(ring?.storyHref),
            "ringClass": .optional(ring?.ringClass),
            "storyLabel": .optional(ring?.storyLabel),
            "hiddenNote": .optional(hiddenNote),
            "hide": hide?.templateValue ?? .null,
            "archive": archive?.templateValue ?? .null,
        ]
    }
}
