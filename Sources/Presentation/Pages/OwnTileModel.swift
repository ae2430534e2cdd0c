package import HTMLTemplates

/// The signed-in person's own tile, first in the strip (`home.html`'s `own`): their
/// avatar with a plus badge, and with a live story of their own its link and ring.
package struct OwnTileModel: TemplateModel, Equatable {
    /// Their live story's link, ring class and accessible name.
    package struct Story: Sendable, Equatable {
        package var href: String
        package var ringClass: String
        package var accessibleName: String

        package init(href: String, ringClass: String, accessibleName: String) {
            self.href = href
            self.ringClass = ringClass
            self.accessibleName = accessibleName
        }
    }

    package var avatar: AvatarModel
    package var story: Story?

    package init(avatar: AvatarModel, story: Story?) {
        self.avatar = avatar
        self.story = story
    }

    package var templateValues: [String: TemplateValue] {
        var values: [String: TemplateValue] = ["avatar": avatar.templateValue, "hasStory": .bool(story != nil)]
        if let story {
            values["href"] = .string(story.href)
            values["ringClass"] = .string(story.ringClass)
            values["accessibleName"] = .string(story.accessibleName)
        }
        return values
    }
}
