import FoundationEssentials
import GrainSupport
import MicroHTTPServer
import Presentation
import Viewing

/// `/tv/settings`: one screen's own settings (night hours, the clock, fading), kept in
/// its browser's `tvsettings` cookie (`TVScreenSettings`) and read by `/tv` on every
/// page. A plain form (a remote works it, no JavaScript needed), sent back with a token
/// like every form (`CSRFGuard`); saving goes back to the TV address it came from.
struct TVSettingsPage: Sendable {
    static let path = "/tv/settings"
    static let cookie = "tvsettings"
    /// Browsers keep a cookie at most 400 days; a TV is set up once.
    static let cookieSeconds = 400 * 86_400

    let pages: PageRenderer
    let options: TVOptions

    /// This browser's settings (the defaults without the cookie).
    static func settings(_ context: RequestContext) -> TVScreenSettings {
        TVScreenSettings(cookie: context.cookie(cookie))
    }

    func show(_ context: RequestContext) throws -> HTTPResponse {
        try render(context, settings: Self.settings(context), back: Self.back(context.query["back"]), problem: nil, status: .ok)
    }

    func save(_ context: RequestContext) throws -> HTTPResponse {
        let form = try context.formFields(limit: 4096)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        let back = Self.back(form["back"])
        var settings = TVScreenSettings(clock: form["clock"] == "1", fade: form["fade"] == "1")
        switch form["night"] {
        case "off": settings.night = .off
        case "own":
            guard let from = form["from"].flatMap(TVNightHours.minutes), let to = form["to"].flatMap(TVNightHours.minutes),
                let hours = TVNightHours(start: from % 1440, end: to % 1440)
            else {
                return try render(
                    context, settings: settings, back: back, problem: "Night hours need a start and an end that differ.", status: .badRequest)
            }
            settings.night = .hours(hours)
        default: settings.night = .asServer
        }
        var response = HTTPResponse.redirect(to: back)
        response.headers.add(
            "Set-Cookie", Cookies.setCookie(name: Self.cookie, value: settings.cookieValue, maxAgeSeconds: Self.cookieSeconds, secure: context.isSecure))
        return response
    }

    /// Where saving returns: a TV address (`/tv` or `/tv?…`), else `/tv`.
    static func back(_ value: String?) -> String {
        guard let safe = StoryLinks.safeBack(value), safe == "/tv" || safe.hasPrefix("/tv?") else { return "/tv" }
        return safe
    }

    private func render(_ context: RequestContext, settings: TVScreenSettings, back: String, problem: String?, status: HTTPStatus) throws -> HTTPResponse {
        let (token, setCookie) = pages.csrf.formToken(for: context)
        let own: TVNightHours? = if case .hours(let hours) = settings.night { hours } else { nil }
        let offered = own ?? options.nightHours ?? TVNightHours(start: 22 * 60, end: 7 * 60)
        let night: TVSettingsPageModel.Night =
            switch settings.night {
            case .asServer: .server
            case .off: .off
            case .hours: .own
            }
        let page = TVSettingsPageModel(
            csrfToken: token, back: back, night: night,
            serverHours: options.nightHours.map { "\(TVNightHours.clock($0.start)) to \(TVNightHours.clock($0.end))" },
            from: offered?.start ?? 0, to: offered?.end ?? 0, clock: settings.clock, fade: settings.fade, problem: problem)
        var response = try pages.render(page, status: status, for: context)
        if let setCookie { response.headers.add("Set-Cookie", setCookie) }
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
