public import HTMLTemplates

/// `tv.html`: one story full screen with where it stands in the programme and who is up
/// next, or a message when there is nothing to play. Every link is a `/tv` address, so
/// the page works as plain links and a meta refresh as well as for the script.
public struct TVPageModel: PageModel, Equatable {
    public static let templateName = "tv"

    /// The story shown (`story.*`).
    public struct Story: TemplateModel, Equatable {
        /// `did/rkey`, for the script.
        public var key: String
        /// A path on this server, or nil when the photo is not proxied (no `src=""`).
        public var image: String?
        public var alt: String
        public var width: Int
        public var height: Int
        public var authorName: String
        public var authorHandle: String
        public var avatar: AvatarModel
        public var place: String?
        public var createdAt: String
        public var time: String
        /// "2 of 5": the story among the author's.
        public var position: String
        /// "1 of 8": the author among the people.
        public var person: String

        public init(
            key: String, image: String?, alt: String, width: Int, height: Int, authorName: String, authorHandle: String,
            avatar: AvatarModel, place: String?, createdAt: String, time: String, position: String, person: String
        ) {
            self.key = key
            self.image = image
            self.alt = alt
            self.width = width
            self.height = height
            self.authorName = authorName
            self.authorHandle = authorHandle
            self.avatar = avatar
            self.place = place
            self.createdAt = createdAt
            self.time = time
            self.position = position
            self.person = person
        }

        public var templateValues: [String: TemplateValue] {
            [
                "key": .string(key),
                "image": .optional(image),
                "alt": .string(alt),
                "width": .int(width),
                "height": .int(height),
                "authorName": .string(authorName),
                "authorHandle": .string(authorHandle),
                "avatar": avatar.templateValue,
                "place": .optional(place),
                "createdAt": .string(createdAt),
                "time": .string(time),
                "position": .string(position),
                "person": .string(person),
                "status": .string("\(authorName), story \(position), person \(person)"),
            ]
        }
    }

    /// Someone up next.
    public struct UpNext: TemplateModel, Equatable {
        public var name: String
        public var avatar: AvatarModel

        public init(name: String, avatar: AvatarModel) {
            self.name = name
            self.avatar = avatar
        }

        public var templateValues: [String: TemplateValue] {
            ["name": .string(name), "avatar": avatar.templateValue]
        }
    }

    /// A story playing, with the progress segments, who is next and where each key goes.
    public struct Playing: Sendable, Equatable {
        public var story: Story
        /// Per story of the author: `done`, `current` or `upcoming`.
        public var segments: [String]
        public var upNext: [UpNext]
        public var nextHref: String
        public var previousHref: String
        public var nextAuthorHref: String
        public var previousAuthorHref: String
        public var pauseHref: String
        public var preloadImage: String?

        public init(
            story: Story, segments: [String], upNext: [UpNext], nextHref: String, previousHref: String,
            nextAuthorHref: String, previousAuthorHref: String, pauseHref: String, preloadImage: String?
        ) {
            self.story = story
            self.segments = segments
            self.upNext = upNext
            self.nextHref = nextHref
            self.previousHref = previousHref
            self.nextAuthorHref = nextAuthorHref
            self.previousAuthorHref = previousAuthorHref
            self.pauseHref = pauseHref
            self.preloadImage = preloadImage
        }
    }

    /// What the page shows.
    public enum Content: Sendable, Equatable {
        case playing(Playing)
        case message(title: String, text: String)
    }

    public var title: String
    /// `tv`, the drift phase and whether it is paused (see `TVPresenter`).
    public var mainClass: String
    public var interval: Int
    public var refreshSeconds: Int
    public var paused: Bool
    /// The one person the programme is limited to, when it is.
    public var forName: String?
    public var selfHref: String
    /// The meta refresh's content, nil when the script plays the page in place.
    public var refresh: String?
    public var content: Content

    public init(
        title: String, mainClass: String, interval: Int, refreshSeconds: Int, paused: Bool, forName: String?, selfHref: String,
        refresh: String?, content: Content
    ) {
        self.title = title
        self.mainClass = mainClass
        self.interval = interval
        self.refreshSeconds = refreshSeconds
        self.paused = paused
        self.forName = forName
        self.selfHref = selfHref
        self.refresh = refresh
        self.content = content
    }

    public var templateValues: [String: TemplateValue] {
        var values: [String: TemplateValue] = [
            "title": .string(title),
            "mainClass": .string(mainClass),
            "interval": .int(interval),
            "refreshSeconds": .int(refreshSeconds),
            "paused": .bool(paused),
            "forName": .optional(forName),
            "selfHref": .string(selfHref),
            "refresh": .optional(refresh),
            "story": .null,
            "message": .null,
            "segments": .list([]),
            "upNext": .list([]),
            "hasUpNext": false,
            "nextHref": .null,
            "previousHref": .null,
            "nextAuthorHref": .null,
            "previousAuthorHref": .null,
            "pauseHref": .null,
            "preloadImage": .null,
        ]
        switch content {
        case .message(let title, let text):
            values["message"] = ["title": .string(title), "text": .string(text)]
        case .playing(let playing):
            values["story"] = playing.story.templateValue
            values["segments"] = .list(playing.segments.map { ["state": .string($0)] })
            values["upNext"] = .list(playing.upNext.map(\.templateValue))
            values["hasUpNext"] = .bool(!playing.upNext.isEmpty)
            values["nextHref"] = .string(playing.nextHref)
            values["previousHref"] = .string(playing.previousHref)
            values["nextAuthorHref"] = .string(playing.nextAuthorHref)
            values["previousAuthorHref"] = .string(playing.previousAuthorHref)
            values["pauseHref"] = .string(playing.pauseHref)
            values["preloadImage"] = .optional(playing.preloadImage)
        }
        return values
    }
}
