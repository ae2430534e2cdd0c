package import HTMLTemplates

/// `tv-settings.html`: one TV screen's own settings (kept in its browser, see
/// `TVScreenSettings`): its night hours (the server's, none, or its own), the clock, and
/// fading between photos. A plain form a remote can work, without JavaScript.
package struct TVSettingsPageModel: PageModel, Equatable {
    package static let templateName = "tv-settings"

    /// Which night hours the screen follows.
    package enum Night: String, Sendable, Equatable {
        case server, off, own
    }

    package var csrfToken: String
    /// The TV address to go back to (a `/tv` path).
    package var back: String
    package var night: Night
    /// The server's night hours in words ("22:00 to 07:00"), nil when it has none.
    package var serverHours: String?
    /// The screen's own hours when it has them, else the ones offered first.
    package var from: Int
    package var to: Int
    package var clock: Bool
    package var fade: Bool
    /// Why the form came back, nil on a fresh page.
    package var problem: String?

    package init(
        csrfToken: String, back: String, night: Night, serverHours: String?, from: Int, to: Int, clock: Bool, fade: Bool, problem: String? = nil
    ) {
        self.csrfToken = csrfToken
        self.back = back
        self.night = night
        self.serverHours = serverHours
        self.from = from
        self.to = to
        self.clock = clock
        self.fade = fade
        self.problem = problem
    }

    /// Every half hour of the day, `HH:MM`, for the two lists.
    static func times(selected: Int) -> TemplateValue {
        .list(
            stride(from: 0, to: 1440, by: 30).map { minutes in
                let text = (minutes / 60 < 10 ? "0" : "") + "\(minutes / 60):" + (minutes % 60 == 0 ? "00" : "30")
                return ["value": .string(text), "selected": .bool(minutes == selected)]
            })
    }

    package var templateValues: [String: TemplateValue] {
        [
            "csrfToken": .string(csrfToken),
            "back": .string(back),
            "nightServer": .bool(night == .server),
            "nightOff": .bool(night == .off),
            "nightOwn": .bool(night == .own),
            "serverHours": .optional(serverHours),
            "fromTimes": Self.times(selected: from),
            "toTimes": Self.times(selected: to),
            "clock": .bool(clock),
            "fade": .bool(fade),
            "problem": .optional(problem),
        ]
    }
}
