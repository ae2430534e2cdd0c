package import HTMLTemplates

extension TVPageModel {
    /// A story on screen (one of `frames`; `story.*` is the first).
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
        /// "2 of 5": the story among the author's ("1–2 of 5" for a pair of them).
        package var position: String
        /// "1 of 8": the author among the people.
        package var person: String
        /// The QR code of the story's own page (`/tv/qr/…`), when the operator shows them.
        package var qr: String?

        package init(
            key: String, image: String?, alt: String, width: Int, height: Int, authorName: String, authorHandle: String,
            avatar: AvatarModel, place: String?, createdAt: String, time: String, position: String, person: String, qr: String? = nil
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
            self.qr = qr
        }

        /// `photo`, not `image`: inside a frame the avatar partial looks up `image`, and
        /// must never find the story's photo under it.
        package var templateValues: [String: TemplateValue] {
            [
                "key": .string(key),
                "photo": .optional(image),
                "photoSrcset": .optional(srcset),
                "photoSizes": .string(sizes),
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
                "qr": .optional(qr),
                "qrLabel": .string("QR code: open \(authorName)’s story on your phone"),
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

    /// A story playing (or two portraits side by side), with the progress segments, who
    /// is next and where each key goes.
    package struct Playing: Sendable, Equatable {
        package var story: Story
        /// The portrait shown to the right of `story`, or nil.
        package var partner: Story?
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
            story: Story, partner: Story? = nil, segments: [String], upNext: [UpNext], nextHref: String, previousHref: String,
            nextAuthorHref: String, previousAuthorHref: String, pauseHref: String, preloadImage: String?
        ) {
            self.story = story
            self.partner = partner
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

    /// The wall clock at the time the page was made, in the TV's time zone: 24-hour time
    /// and an ISO date (no JavaScript); the script writes both again in the browser's
    /// language every minute.
    package struct Clock: TemplateModel, Equatable {
        package var time: String
        package var date: String
        /// The instant, for `<time datetime>`.
        package var instant: String

        package init(time: String, date: String, instant: String) {
            self.time = time
            self.date = date
            self.instant = instant
        }

        package var templateValues: [String: TemplateValue] {
            ["time": .string(time), "date": .string(date), "instant": .string(instant)]
        }
    }
}
