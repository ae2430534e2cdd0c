public import HTMLTemplates

/// One author in the home page's strip and grid (`home.html`'s `authors`).
///
/// The ring's class and the accessible name depend on whether this visitor has seen the
/// author's newest story, so the tile carries both versions and `seen` says which one
/// shows: known for one visitor, or slots when the page is a stencil filled per visitor
/// (`StripPage`). Nothing else on a tile depends on the visitor.
public struct StripTileModel: TemplateModel, Equatable {
    /// The texts that change when the author's newest story is seen.
    public struct SeenTexts: Sendable, Hashable {
        public var ringClass: String
        public var accessibleName: String

        public init(ringClass: String, accessibleName: String) {
            self.ringClass = ringClass
            self.accessibleName = accessibleName
        }
    }

    /// Which of the two versions shows.
    public enum Seen: Sendable, Hashable {
        case known(Bool)
        /// Filled per visitor: each slot with `whenSeen`'s or `whenUnseen`'s text.
        case slots(ringClass: Int, accessibleName: Int)
    }

    public var did: String
    public var name: String
    public var href: String
    public var avatar: AvatarModel
    public var cover: String
    public var time: String
    public var timeLong: String
    public var latestAt: String
    public var count: String
    public var whenUnseen: SeenTexts
    public var whenSeen: SeenTexts
    public var seen: Seen

    public init(
        did: String, name: String, href: String, avatar: AvatarModel, cover: String, time: String, timeLong: String,
        latestAt: String, count: String, whenUnseen: SeenTexts, whenSeen: SeenTexts, seen: Seen
    ) {
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

    /// The texts for a visitor who has (or has not) seen the author's newest story.
    public func texts(seen: Bool) -> SeenTexts { seen ? whenSeen : whenUnseen }

    public var templateValues: [String: TemplateValue] {
        let ringClass: VisitorText
        let accessibleName: VisitorText
        switch seen {
        case .known(let isSeen):
            ringClass = .text(texts(seen: isSeen).ringClass)
            accessibleName = .text(texts(seen: isSeen).accessibleName)
        case .slots(let ringSlot, let nameSlot):
            ringClass = .slot(ringSlot)
            accessibleName = .slot(nameSlot)
        }
        return [
            "did": .string(did),
            "name": .string(name),
            "href": .string(href),
            "ringClass": ringClass.templateValue,
            "accessibleName": accessibleName.templateValue,
            "avatar": avatar.templateValue,
            "cover": .string(cover),
            "time": .string(time),
            "timeLong": .string(timeLong),
            "latestAt": .string(latestAt),
            "count": .string(count),
        ]
    }
}
