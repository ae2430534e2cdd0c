public import HTMLTemplates

/// `viewer.html`: one story full screen with a real text alternative, one progress
/// segment per story of the author, the header, the links behind the tap zones, keys
/// and swipes, Share, the link preview, the neighbours beside it and the social bar.
public struct ViewerPageModel: PageModel, Equatable {
    public static let templateName = "viewer"

    /// The story shown (`story.*`).
    public struct Story: TemplateModel, Equatable {
        public var did: String
        public var rkey: String
        public var createdAt: String
        public var timeShort: String
        public var timeLong: String
        public var place: String?
        public var alt: String
        /// A path on this server, or nil when the photo is not proxied (no `src=""`).
        public var image: String?
        public var width: Int
        public var height: Int
        /// The reason the photo is behind a warning, when it is.
        public var warning: String?
        /// "2 of 5".
        public var position: String
        public var authorName: String
        public var authorHandle: String
        public var authorHref: String
        public var avatar: AvatarModel
        /// Past its day (opened from the archive).
        public var expired: Bool

        public init(
            did: String, rkey: String, createdAt: String, timeShort: String, timeLong: String, place: String?, alt: String, image: String?,
            width: Int, height: Int, warning: String?, position: String, authorName: String, authorHandle: String, authorHref: String,
            avatar: AvatarModel, expired: Bool
        ) {
            self.did = did
            self.rkey = rkey
            self.createdAt = createdAt
            self.timeShort = timeShort
            self.timeLong = timeLong
            self.place = place
            self.alt = alt
            self.image = image
            self.width = width
            self.height = height
            self.warning = warning
            self.position = position
            self.authorName = authorName
            self.authorHandle = authorHandle
            self.authorHref = authorHref
            self.avatar = avatar
            self.expired = expired
        }

        public var templateValues: [String: TemplateValue] {
            [
                "did": .string(did),
                "rkey": .string(rkey),
                "createdAt": .string(createdAt),
                "timeShort": .string(timeShort),
                "timeLong": .string(timeLong),
                "place": .optional(place),
                "alt": .string(alt),
                "image": .optional(image),
                "width": .int(width),
                "height": .int(height),
                "warning": .optional(warning),
                "position": .string(position),
                "status": .string("Story \(position) · \(authorName) · \(timeLong)"),
                "authorName": .string(authorName),
                "authorHandle": .string(authorHandle),
                "authorHref": .string(authorHref),
                "avatar": avatar.templateValue,
                "expired": .bool(expired),
            ]
        }
    }

    /// Open Graph and Twitter Card values (absolute URLs only).
    public struct Preview: TemplateModel, Equatable {
        public var title: String
        public var description: String
        public var url: String
        public var image: String?
        public var width: Int
        public var height: Int

        public init(title: String, description: String, url: String, image: String?, width: Int, height: Int) {
            self.title = title
            self.description = description
            self.url = url
            self.image = image
            self.width = width
            self.height = height
        }

        public var templateValues: [String: TemplateValue] {
            [
                "title": .string(title), "description": .string(description), "url": .string(url), "image": .optional(image),
                "width": .int(width), "height": .int(height),
            ]
        }
    }

    public var story: Story
    /// The position of the story shown among the author's (segments before it are done).
    public var index: Int
    public var count: Int
    public var previousHref: String
    public var nextHref: String
    /// Whether "next" closes the viewer (the last story of the last person).
    public var nextIsClose: Bool
    public var closeHref: String
    /// The delete page's address, on the author's own story.
    public var deleteHref: String?
    public var previousAuthorHref: String?
    public var nextAuthorHref: String?
    public var preloadImages: [String]
    public var shareURL: String
    public var shareTitle: String
    public var crossPostURL: String?
    public var preview: Preview?
    public var previousAuthor: ViewerNeighbourModel?
    public var nextAuthor: ViewerNeighbourModel?
    public var hide: HideFormModel?
    public var social: ViewerSocialModel?

    public init(
        story: Story, index: Int, count: Int, previousHref: String, nextHref: String, nextIsClose: Bool, closeHref: String,
        deleteHref: String?, previousAuthorHref: String?, nextAuthorHref: String?, preloadImages: [String], shareURL: String,
        shareTitle: String, crossPostURL: String?, preview: Preview?, previousAuthor: ViewerNeighbourModel?,
        nextAuthor: ViewerNeighbourModel?, hide: HideFormModel? = nil, social: ViewerSocialModel? = nil
    ) {
        self.story = story
        self.index = index
        self.count = count
        self.previousHref = previousHref
        self.nextHref = nextHref
        self.nextIsClose = nextIsClose
        self.closeHref = closeHref
        self.deleteHref = deleteHref
        self.previousAuthorHref = previousAuthorHref
        self.nextAuthorHref = nextAuthorHref
        self.preloadImages = preloadImages
        self.shareURL = shareURL
        self.shareTitle = shareTitle
        self.crossPostURL = crossPostURL
        self.preview = preview
        self.previousAuthor = previousAuthor
        self.nextAuthor = nextAuthor
        self.hide = hide
        self.social = social
    }

    public var templateValues: [String: TemplateValue] {
        [
            "title": .string("Story by \(story.authorName)"),
            "story": story.templateValue,
            "segments": .list((0..<count).map { position in
                [
                    "state": .string(position < index ? "done" : position == index ? "current" : "upcoming"),
                    "number": .int(position + 1),
                    "ariaCurrent": .string(position == index ? "step" : "false"),
                ]
            }),
            "previousHref": .string(previousHref),
            "nextHref": .string(nextHref),
            "nextIsClose": .bool(nextIsClose),
            "closeHref": .string(closeHref),
            "deleteHref": .optional(deleteHref),
            "previousAuthorHref": .optional(previousAuthorHref),
            "nextAuthorHref": .optional(nextAuthorHref),
            "preloadImages": .list(preloadImages.map(TemplateValue.string)),
            "share": ["url": .string(shareURL), "title": .string(shareTitle)],
            "crossPostURL": .optional(crossPostURL),
            "preview": preview?.templateValue ?? .null,
            "previousAuthor": previousAuthor?.templateValue ?? .null,
            "nextAuthor": nextAuthor?.templateValue ?? .null,
            "hide": hide?.templateValue ?? .null,
            "social": social?.templateValue ?? .null,
        ]
    }
}
