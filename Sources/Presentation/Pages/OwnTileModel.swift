public import HTMLTemplates

/// The signed-in person's own tile, first in the strip (`home.html`'s `own`): their
/// avatar with a plus badge, and with a live story of their own its link and ring.
public struct OwnTileModel: TemplateModel, Equatable {
    /// Their live story's link, ring class and accessible name.
    public struct Story: Sendable, Equatable {
        public var href: String
        public var ringClass: String
        public var accessibleName: String

        public init(href: String, ringClass: String, accessibleName: String) {
            self.href = href
            self.ringClass = ringClass
            self.accessibleName = accessibleName
        }
    }

    public var avatar: AvatarModel
    public var story: Story?

    public init(avatar: AvatarModel, story: Story?) {
        self.avatar = avatar
        self.story = story
    }

    public var templateValues: [String: TemplateValue] {
        var values: [String: TemplateValue] = ["avatar": avatar.templateValue, "hasStory": .bool(story != nil)]
        if let story {
            values["href"] = .string(story.href)
            values["ringClass"] = .string(story.ringClass)
            values["accessibleName"] = .string(story.accessibleName)
        }
        return values
    }
}
