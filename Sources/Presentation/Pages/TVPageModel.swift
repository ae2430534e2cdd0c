package import HTMLTemplates

/// `tv.html`: one story full screen (or two portraits side by side) with where it stands
/// in the programme and who is up next; a message when there is nothing to play; or, in
/// night hours, a dark screen with a small clock. Every link is a `/tv` address, so the
/// page works as plain links and a meta refresh as well as for the script.
package struct TVPageModel: PageModel, Equatable {
    package static let templateName = "tv"

    /// What the page shows.
    package enum Content: Sendable, Equatable {
        case playing(Playing)
        case message(title: String, text: String)
        /// Night hours: nothing but the clock.
        case night
    }

    package var title: String
    /// `tv`, the drift phase, whether it is paused, a pair or night (see `TVPresenter`).
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
    /// The clock and date, when this screen shows them (always at night).
    package var clock: Clock?
    /// When night hours start or end next, in milliseconds since 1970 (for the script);
    /// nil without night hours.
    package var nightChange: Int64?
    /// Whether photos fade into each other on this screen (its setting; the script also
    /// leaves it out under reduced motion).
    package var fade: Bool
    /// Whether the page was made for a screen wider than tall (pairs); the script
    /// fetches it again when its screen turns out otherwise.
    package var wide: Bool
    /// The time zone the page's clock and night hours were worked out in.
    package var timeZone: String
    /// This screen's settings page, coming back here.
    package var settingsHref: String

    package init(
        title: String, mainClass: String, interval: Int, refreshSeconds: Int, paused: Bool, forName: String?, selfHref: String,
        refresh: String?, content: Content, clock: Clock? = nil, nightChange: Int64? = nil, fade: Bool = true, wide: Bool = true,
        timeZone: String = "UTC", settingsHref: String = "/tv/settings"
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
        self.clock = clock
        self.nightChange = nightChange
        self.fade = fade
        self.wide = wide
        self.timeZone = timeZone
        self.settingsHref = settingsHref
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
            "clock": clock?.templateValue ?? .null,
            "nightChange": nightChange.map { .string(String($0)) } ?? .null,
            "fade": .bool(fade),
            "shape": .string(wide ? "wide" : "tall"),
            "timeZone": .string(timeZone),
            "settingsHref": .string(settingsHref),
            "story": .null,
            "partner": .null,
            "frames": .list([]),
            "message": .null,
            "night": false,
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
        case .night:
            values["night"] = true
        case .playing(let playing):
            values["story"] = playing.story.templateValue
            values["partner"] = playing.partner?.templateValue ?? .null
            values["frames"] = .list([playing.story.templateValue] + (playing.partner.map { [$0.templateValue] } ?? []))
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
