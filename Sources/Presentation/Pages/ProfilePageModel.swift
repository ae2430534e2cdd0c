package import HTMLTemplates

/// `profile.html`: a person's name, avatar, description and counts, their live stories
/// with the ring that opens them, hide or unhide, and on their own profile the archive.
package struct ProfilePageModel: PageModel, Equatable {
    package static let templateName = "profile"

    /// One of Grain's counts (galleries, followers, following), linking to Grain.
    package struct Count: TemplateModel, Equatable {
        package var label: String
        package var value: Int
        package var href: String

        package init(label: String, value: Int, href: String) {
            self.label = label
            self.value = value
            self.href = href
        }

        package var templateValues: [String: TemplateValue] {
            ["label": .string(label), "value": .int(value), "href": .string(href)]
        }
    }

    /// The ring around the avatar when they have live stories.
    package struct Ring: Sendable, Equatable {
        package var storyHref: String
        package var ringClass: String
        package var storyLabel: String

        package init(storyHref: String, ringClass: String, storyLabel: String) {
            self.storyHref = storyHref
            self.ringClass = ringClass
            self.storyLabel = storyLabel
        }
    }

    /// The owner's stories of the past, a page at a time.
    package struct Archive: TemplateModel, Equatable {
        /// Whether the AppView could not be read (the section says so).
        package var unavailable: Bool
        package var stories: [StoryTileModel]
        /// The next (older) page, when there is one.
        package var next: String?
        /// The first page, when this is a later one.
        package var first: String?

        /// Whether the owner has no story at all yet (none live, none kept): the section
        /// says their stories appear here once posted, and how to post one.
        package var noStoryYet = false

        package init(unavailable: Bool, stories: [StoryTileModel], next: String?, first: String?) {
            self.unavailable = unavailable
            self.stories = stories
            self.next = next
            self.first = first
        }

        package var templateValues: [String: TemplateValue] {
            [
                "unavailable": .bool(unavailable),
                "noStoryYet": .bool(noStoryYet),
                "hasStories": .bool(!stories.isEmpty),
                "stories": .list(stories.map(\.templateValue)),
                "next": .optional(next),
                "first": .optional(first),
            ]
        }
    }

    package var name: String
    package var handle: String
    package var description: String?
    package var avatar: AvatarModel
    package var counts: [Count]
    package var stories: [StoryTileModel]
    package var ring: Ring?
    /// Why their stories are not shown (hidden, blocked).
    package var hiddenNote: String?
    /// The hide or unhide form, when it applies.
    package var hide: HideFormModel?
    /// The archive, on one's own profile only.
    package var archive: Archive?
    /// On one's own profile, the stories that have not gone out yet (drafts, posting,
    /// failed), as the home page lists them.
    package var unfinished: [UnfinishedPostModel] = []

    package init(
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

    package var templateValues: [String: TemplateValue] {
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
            "hasUnfinished": .bool(!unfinished.isEmpty),
            "unfinished": .list(unfinished.map(\.templateValue)),
        ]
    }
}
