package import HTMLTemplates

/// `viewer.html`: one story full screen with a real text alternative, one progress
/// segment per story of the author, the header, the links behind the tap zones, keys
/// and swipes, Share, the link preview, the neighbours beside it and the social bar.
package struct ViewerPageModel: PageModel, Equatable {
    package static let templateName = "viewer"

    /// The story shown (`story.*`).
    package struct Story: TemplateModel, Equatable {
        package var did: String
        package var rkey: String
        package var createdAt: String
        package var timeShort: String
        package var timeLong: String
        package var place: String?
        package var alt: String
        /// A path on this server, or nil when the photo is not proxied (no `src=""`).
        package var image: String?
        package var width: Int
        package var height: Int
        /// The reason the photo is behind a warning, when it is.
        package var warning: String?
        /// "2 of 5".
        package var position: String
        package var authorName: String
        package var authorHandle: String
        package var authorHref: String
        package var avatar: AvatarModel
        /// Past its day (opened from the archive).
        package var expired: Bool
        /// The photo's sizes (`MediaURLSigner.srcset`, the original last), nil for a photo
        /// this server holds itself; and how wide it is drawn (`ImageSizes.wholePhoto`).
        package var srcset: String? = nil
        package var sizes: String = ""

        package init(
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

        package var templateValues: [String: TemplateValue] {
            [
                "did": .string(did),
                "rkey": .string(rkey),
                "createdAt": .string(createdAt),
                "timeShort": .string(timeShort),
                "timeLong": .string(timeLong),
                "place": .optional(place),
                "alt": .string(alt),
                "image": .optional(image),
                "srcset": .optional(srcset),
                "sizes": .string(sizes),
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
    package struct Preview: TemplateModel, Equatable {
        package var title: String
        package var description: String
        package var url: String
        package var image: String?
        package var width: Int
        package var height: Int

        package init(title: String, description: String, url: String, image: String?, width: Int, height: Int) {
            self.title = title
            self.description = description
            self.url = url
            self.image = image
            self.width = width
            self.height = height
        }

        package var templateValues: [String: TemplateValue] {
            [
                "title": .string(title), "description": .string(description), "url": .string(url), "image": .optional(image),
                "width": .int(width), "height": .int(height),
            ]
        }
    }

    package var story: Story
    /// The position of the story shown among the author's (segments before it are done).
    package var index: Int
    package var count: Int
    package var previousHref: String
    package var nextHref: String
    /// Whether "next" closes the viewer (the last story of the last person).
    package var nextIsClose: Bool
    package var closeHref: String
    /// The delete page's address, on the author's own story.
    package var deleteHref: String?
    package var previousAuthorHref: String?
    package var nextAuthorHref: String?
    package var preloadImages: [String]
    package var shareURL: String
    package var shareTitle: String
    package var crossPostURL: String?
    package var preview: Preview?
    package var previousAuthor: ViewerNeighbourModel?
    package var nextAuthor: ViewerNeighbourModel?
    package var hide: HideFormModel?
    package var social: ViewerSocialModel?

    package init(
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

    package var templateValues: [String: TemplateValue] {
        [
            "title": .string("Story by \(story.authorName)"),
            "story": story.templateValue,
            "segments": .list(
                (0..<count).map { position in
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
