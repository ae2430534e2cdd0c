package import HTMLTemplates

/// `tv.html`: one story full screen with where it stands in the programme and who is up
/// next, or a message when there is nothing to play. Every link is a `/tv` address, so
/// the page works as plain links and a meta refresh as well as for the script.
package struct TVPageModel: PageModel, Equatable {
    package static let templateName = "tv"

    /// The story shown (`story.*`).
    package struct Story: TemplateModel, Equatable {
        /// `did/rkey`, for the script.
        package var key: String
        /// A path on this server, or nil when the photo is not proxied (no `src=""`).
        package var image: String?
        /// The photo's sizes (the original last) and how wide TV draws it, whole on the screen.
        package var srcset: String? = nil
        package var sizes: String = ""
        package var alt: String
        package var width: Int
        package var height: Int
        package var authorName: String
        package var authorHandle: String
        package var avatar: AvatarModel
        package var place: String?
        package var createdAt: String
        package var time: String
        /// "2 of 5": the story among the author's.
        package var position: String
        /// "1 of 8": the author among the people.
        package var person: String

        package init(
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

        package var templateValues: [String: TemplateValue] {
            [
                "key": .string(key),
                "image": .optional(image),
                "srcset": .optional(srcset),
                "sizes": .string(sizes),
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
    package struct UpNext: TemplateModel, Equatable {
        package var name: String
        package var avatar: AvatarModel

        package init(name: String, avatar: AvatarModel) {
            self.name = name
            self.avatar = avatar
        }

        package var templateValues: [String: TemplateValue] {
            ["name": .string(name), "avatar": avatar.templateValue]
        }
    }

    /// A story playing, with the progress segments, who is next and where each key goes.
    package struct Playing: Sendable, Equatable {
        package var story: Story
        /// Per story of the author: `done`, `current` or `upcoming`.
        package var segments: [String]
        package var upNext: [UpNext]
        package var nextHref: String
        package var previousHref: String
        package var nextAuthorHref: String
        package var previousAuthorHref: String
        package var pauseHref: String
        package var preloadImage: String?

        package init(
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
    package enum Content: Sendable, Equatable {
        case playing(Playing)
        case message(title: String, text: String)
    }

    package var title: String
    /// `tv`, the drift phase and whether it is paused (see `TVPresenter`).
    package var mainClass: String
    package var interval: Int
    package var refreshSeconds: Int
    package var paused: Bool
    /// The one person the programme is limited to, when it is.
    package var forName: String?
    package var selfHref: String
    /// The meta refresh's content, nil when the script plays the page in place.
    package var refresh: String?
    package var content: Content

    package init(
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

    package var templateValues: [String: TemplateValue] {
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
