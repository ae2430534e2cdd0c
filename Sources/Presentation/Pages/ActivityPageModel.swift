package import HTMLTemplates

/// `activity.html`: the signed-in person's activity, newest first and grouped as Grain
/// groups it, why there may be none, their push settings for this browser, who here
/// watched their live stories, and their view-sharing choice. Works without JavaScript
/// (push needs it, and says so).
package struct ActivityPageModel: PageModel, Equatable {
    package static let templateName = "activity"

    /// One line of the list: "Dave and 2 others hearted your story".
    package struct Entry: TemplateModel, Equatable {
        package var sentence: String
        package var href: String
        /// The story's photo, signed for this server's media proxy; nil when it cannot be shown.
        package var thumb: String?
        package var avatar: AvatarModel
        /// The comment's text, for comments, replies and mentions.
        package var text: String?
        package var when: String
        /// Arrived since the person last opened this page.
        package var isNew: Bool

        package init(sentence: String, href: String, thumb: String?, avatar: AvatarModel, text: String?, when: String, isNew: Bool) {
            self.sentence = sentence
            self.href = href
            self.thumb = thumb
            self.avatar = avatar
            self.text = text
            self.when = when
            self.isNew = isNew
        }

        package var templateValues: [String: TemplateValue] {
            [
                "sentence": .string(sentence), "href": .string(href), "thumb": thumb.map(TemplateValue.string) ?? .null,
                "avatar": avatar.templateValue, "text": text.map(TemplateValue.string) ?? .null, "when": .string(when), "isNew": .bool(isNew),
            ]
        }
    }

    /// One of the person's live stories and who here watched it.
    package struct SeenStory: TemplateModel, Equatable {
        package var href: String
        package var thumb: String?
        package var when: String
        /// "Seen by Alice and Bob", or "Nobody here has seen it yet".
        package var summary: String

        package init(href: String, thumb: String?, when: String, summary: String) {
            self.href = href
            self.thumb = thumb
            self.when = when
            self.summary = summary
        }

        package var templateValues: [String: TemplateValue] {
            [
                "href": .string(href), "thumb": thumb.map(TemplateValue.string) ?? .null, "when": .string(when), "summary": .string(summary),
            ]
        }
    }

    /// A push kind's checkbox.
    package struct PushChoice: TemplateModel, Equatable {
        package var name: String
        package var label: String

        package init(name: String, label: String) {
            self.name = name
            self.label = label
        }

        package var templateValues: [String: TemplateValue] { ["name": .string(name), "label": .string(label)] }
    }

    package var entries: [Entry]
    /// Why there is no activity (or none new): the follower is off, or cannot reach the network.
    package var notice: String?
    /// The server's VAPID public key, for the push script; nil when activity is off.
    package var vapidKey: String?
    package var pushChoices: [PushChoice]
    package var seenStories: [SeenStory]
    package var sharesViews: Bool

    package init(entries: [Entry], notice: String?, vapidKey: String?, pushChoices: [PushChoice], seenStories: [SeenStory], sharesViews: Bool) {
        self.entries = entries
        self.notice = notice
        self.vapidKey = vapidKey
        self.pushChoices = pushChoices
        self.seenStories = seenStories
        self.sharesViews = sharesViews
    }

    package var templateValues: [String: TemplateValue] {
        [
            "entries": .list(entries.map(\.templateValue)), "hasEntries": .bool(!entries.isEmpty),
            "notice": notice.map(TemplateValue.string) ?? .null,
            "vapidKey": vapidKey.map(TemplateValue.string) ?? .null,
            "pushChoices": .list(pushChoices.map(\.templateValue)),
            "seenStories": .list(seenStories.map(\.templateValue)), "hasSeenStories": .bool(!seenStories.isEmpty),
            "sharesViews": .bool(sharesViews),
        ]
    }
}
