/// What a person chose for one TV screen on its settings page (`/tv/settings`), kept in
/// that browser's `tvsettings` cookie: quiet hours (the server's, none, or their own),
/// whether a clock and the date show, and whether photos fade into each other.
///
/// The cookie is `night=22:00-07:00&clock=1&fade=0`: nothing in it needs escaping, and
/// anything unreadable in it is left at its default, so a damaged cookie never stops a TV.
package struct TVScreenSettings: Sendable, Equatable {
    /// Which quiet hours hold on this screen.
    package enum Night: Sendable, Equatable {
        /// The operator's (`--tv-night-hours`), if any.
        case asServer
        case off
        case hours(TVNightHours)
    }

    package var night: Night
    package var clock: Bool
    package var fade: Bool

    package init(night: Night = .asServer, clock: Bool = false, fade: Bool = true) {
        self.night = night
        self.clock = clock
        self.fade = fade
    }

    /// Reads the cookie's value (nil: no cookie, the defaults).
    package init(cookie: String?) {
        self.init()
        for (name, value) in Self.pairs(cookie) {
            switch name {
            case "night":
                if value == "off" {
                    night = .off
                } else if let hours = TVNightHours(value) {
                    night = .hours(hours)
                }
            case "clock": clock = value == "1"
            case "fade": fade = value != "0"
            default: break
            }
        }
    }

    /// The cookie's value.
    package var cookieValue: String {
        let nightText =
            switch night {
            case .asServer: "server"
            case .off: "off"
            case .hours(let hours): hours.description
            }
        return "night=\(nightText)&clock=\(clock ? 1 : 0)&fade=\(fade ? 1 : 0)"
    }

    /// The quiet hours in force, given the operator's.
    package func nightHours(server: TVNightHours?) -> TVNightHours? {
        switch night {
        case .asServer: server
        case .off: nil
        case .hours(let hours): hours
        }
    }

    /// `name=value&…` pairs of a cookie value, at most 8 of them.
    static func pairs(_ text: String?) -> [(String, String)] {
        guard let text, text.utf8.count <= 512 else { return [] }
        return text.split(separator: "&").prefix(8).compactMap { pair in
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
        }
    }
}

/// What TV mode's script tells the server about the screen it runs on, in the `tvscreen`
/// cookie it sets (`shape=wide&zone=Europe/Berlin`): whether the screen is wider than
/// tall (portrait pairs need room side by side) and the browser's time zone (night hours
/// and the clock follow the TV's wall clock). Unknown without the script: a TV then counts
/// as wide, and the server's time zone is used.
package struct TVScreenFacts: Sendable, Equatable {
    package var wide: Bool?
    /// A time zone name as the browser gave it, not yet checked.
    package var zone: String?

    package init(wide: Bool? = nil, zone: String? = nil) {
        self.wide = wide
        self.zone = zone
    }

    package init(cookie: String?) {
        self.init()
        for (name, value) in TVScreenSettings.pairs(cookie) {
            switch name {
            case "shape": wide = value == "wide" ? true : value == "tall" ? false : nil
            case "zone": zone = value.isEmpty ? nil : value
            default: break
            }
        }
    }
}
