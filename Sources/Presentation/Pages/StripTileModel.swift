package import HTMLTemplates

/// One author in the home page's strip and grid (`home.html`'s `authors`).
///
/// The ring's class and the accessible name depend on whether this visitor has seen the
/// author's newest story, so the tile carries both versions and `seen` says which one
/// shows: known for one visitor, or slots when the page is a stencil filled per visitor
/// (`StripPage`). So does the link, for a visitor who saw some of the author's stories
/// but not all (it opens at the first they have not seen, `StoryStart`). Nothing else on
/// a tile depends on the visitor.
package struct StripTileModel: TemplateModel, Equatable {
    /// The texts that change when the author's newest story is seen.
    package struct SeenTexts: Sendable, Hashable {
        package var ringClass: String
        package var accessibleName: String

        package init(ringClass: String, accessibleName: String) {
            self.ringClass = ringClass
            self.accessibleName = accessibleName
        }
    }

    /// Which of the two versions shows.
    package enum Seen: Sendable, Hashable {
        case known(Bool)
        /// Filled per visitor: each slot with `whenSeen`'s or `whenUnseen`'s text, and the
        /// link with the story the tile opens at for them (`href` unless they saw some of
        /// the author's stories but not all).
        case slots(ringClass: Int, accessibleName: Int, href: Int)
    }

    package var did: String
    package var name: String
    package var href: String
    package var avatar: AvatarModel
    package var cover: String
    /// The cover at each of `MediaWidths.covers` (`/stories/{did}/cover/{width}`).
    package var coverSrcset: String
    /// Where the tile stands in the strip: the first few (the first screen) load their
    /// cover and avatar at once, the very first cover with `fetchpriority="high"` (the
    /// largest thing the first screen paints); the rest when they come near the screen.
    package var position: Int
    package var time: String
    package var timeLong: String
    package var latestAt: String
    package var count: String
    package var whenUnseen: SeenTexts
    package var whenSeen: SeenTexts
    package var seen: Seen

    package init(
        did: String, name: String, href: String, avatar: AvatarModel, cover: String, time: String, timeLong: String,
        latestAt: String, count: String, whenUnseen: SeenTexts, whenSeen: SeenTexts, seen: Seen, coverSrcset: String = "", position: Int = 0
    ) {
        self.coverSrcset = coverSrcset
        self.position = position
        self.did = did
        self.name = name
        self.href = href
        self.avatar = avatar
        self.cover = cover
        self.time = time
        self.timeLong = timeLong
        self.latestAt = latestAt
        self.count = count
        self.whenUnseen = whenUnseen
        self.whenSeen = whenSeen
        self.seen = seen
    }

    /// How many tiles load at once: a phone's first screen shows four covers and five
    /// avatars, a desktop's up to twelve covers; the browser's own margin for lazy images
    /// (1,250 px on a fast connection) fetches the next rows before they are needed anyway.
    package static let eagerCount = 6

    /// The texts for a visitor who has (or has not) seen the author's newest story.
    package func texts(seen: Bool) -> SeenTexts { seen ? whenSeen : whenUnseen }

    package var templateValues: [String: TemplateValue] {
        let ringClass: VisitorText
        let accessibleName: VisitorText
        let link: VisitorText
        switch seen {
        case .known(let isSeen):
            ringClass = .text(texts(seen: isSeen).ringClass)
            accessibleName = .text(texts(seen: isSeen).accessibleName)
            link = .text(href)
        case .slots(let ringSlot, let nameSlot, let hrefSlot):
            ringClass = .slot(ringSlot)
            accessibleName = .slot(nameSlot)
            link = .slot(hrefSlot)
        }
        return [
            "did": .string(did),
            "name": .string(name),
            "href": link.templateValue,
            "ringClass": ringClass.templateValue,
            "accessibleName": accessibleName.templateValue,
            "avatar": avatar.templateValue,
            "cover": .string(cover),
            "coverSrcset": .string(coverSrcset),
            "coverLoading": .string(position < Self.eagerCount ? "eager" : "lazy"),
            "coverPriority": .string(position == 0 ? "high" : "auto"),
            "time": .string(time),
            "timeLong": .string(timeLong),
            "latestAt": .string(latestAt),
            "count": .string(count),
        ]
    }
}
