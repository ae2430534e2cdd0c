import AppTestKit
import Foundation
import GrainSupport
import MicroHTTPServer
import Testing
import Viewing

@testable import GrainStoriesWeb

/// `/tv/settings`: a screen's own night hours, clock and fading, as a plain form (a TV
/// without JavaScript works it with the remote), kept in that browser's cookie and read
/// by `/tv`; sent back with the form's token, and only ever returning to a TV address.
@Suite struct TVSettingsPageTests {
    /// The `name=value` of a `Set-Cookie` named `name` in `response`, nil without one.
    static func setCookie(_ name: String, in response: HTTPResponse) -> String? {
        response.headers.values(for: "Set-Cookie").first { $0.hasPrefix(name + "=") }.map { String($0.prefix { $0 != ";" }) }
    }

    /// Opens the form (as a browser with no cookies) and sends `fields` with its token.
    static func save(_ app: AppHarness, back: String = "/tv", _ fields: [(String, String)], token: Bool = true) async throws -> HTTPResponse {
        let form = await app.respond("/tv/settings?back=" + PercentEncodingForTests.encode(back))
        let csrfCookie = try #require(setCookie("csrf", in: form), "the form gives a visitor its csrf cookie")
        let csrf = try #require(CookieJar.csrfToken(in: form.text))
        let all = (token ? [("csrf", csrf)] : []) + [("back", back)] + fields
        let body = all.map { PercentEncodingForTests.encode($0.0) + "=" + PercentEncodingForTests.encode($0.1) }.joined(separator: "&")
        return await app.respond(
            .post, "/tv/settings", headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", csrfCookie)], body: Array(body.utf8))
    }

    @Test func theFormShowsWhatTheScreenHasAndTheServersHours() async throws {
        let app = try await AppHarness(configure: { $0.tvNightHours = TVNightHours("22:00-07:00") })
        let fresh = await app.respond("/tv/settings?back=%2Ftv%3Ffor%3Dalice.test")
        let kept = await app.respond("/tv/settings", headers: [("Cookie", "tvsettings=night=23:30-06:00&clock=1&fade=0")]).text
        await app.shutdown()
        let html = fresh.text
        #expect(fresh.status == .ok && fresh.headers["Cache-Control"] == "no-store")
        #expect(html.contains("As this server sets them: 22:00 to 07:00"))
        #expect(html.contains("value=\"server\" checked"), "the server's hours until the screen chose")
        #expect(html.contains("name=\"back\" value=\"/tv?for=alice.test\""))
        #expect(html.contains("name=\"clock\" value=\"1\">") && html.contains("name=\"fade\" value=\"1\" checked>"))
        #expect(kept.contains("value=\"own\" checked"))
        #expect(kept.contains("<option selected>23:30</option>") && kept.contains("<option selected>06:00</option>"))
        #expect(kept.contains("name=\"clock\" value=\"1\" checked>") && kept.contains("name=\"fade\" value=\"1\">"))
    }

    @Test func savingKeepsTheChoiceInACookieAndGoesBackToTheTV() async throws {
        let app = try await AppHarness(now: Timestamp.parse("2026-09-04T23:00:00.000Z")!)
        let saved = try await Self.save(app, back: "/tv?for=alice.test", [("night", "own"), ("from", "22:30"), ("to", "06:00"), ("clock", "1")])
        let off = try await Self.save(app, [("night", "off"), ("fade", "1")])
        let cookie = try #require(Self.setCookie("tvsettings", in: saved))
        let tv = await app.respond("/tv", headers: [("Cookie", cookie)]).text
        await app.shutdown()
        #expect(saved.status == .seeOther && saved.headers["Location"] == "/tv?for=alice.test")
        #expect(cookie == "tvsettings=night=22:30-06:00&clock=1&fade=0", "an unticked box is off")
        let field = saved.headers.values(for: "Set-Cookie").first { $0.hasPrefix("tvsettings=") } ?? ""
        #expect(field.contains("Max-Age=34560000") && field.contains("HttpOnly") && field.contains("SameSite=Lax"))
        #expect(Self.setCookie("tvsettings", in: off) == "tvsettings=night=off&clock=0&fade=1")
        #expect(tv.contains(" tv-night\""), "23:00 is in the screen's own night hours")
    }

    @Test func aFormWithoutItsTokenOrWithOddHoursIsRefused() async throws {
        let app = try await AppHarness()
        let forged = try await Self.save(app, [("night", "off")], token: false)
        let same = try await Self.save(app, [("night", "own"), ("from", "22:00"), ("to", "22:00")])
        let garbage = try await Self.save(app, [("night", "own"), ("from", "late"), ("to", "07:00")])
        await app.shutdown()
        #expect(forged.status == .forbidden && Self.setCookie("tvsettings", in: forged) == nil)
        #expect(same.status == .badRequest && same.text.contains("Night hours need a start and an end that differ."))
        #expect(Self.setCookie("tvsettings", in: same) == nil)
        #expect(garbage.status == .badRequest)
    }

    /// Saving returns to a TV address on this server and nowhere else.
    @Test func theWayBackIsATVAddressOnThisServer() {
        #expect(TVSettingsPage.back("/tv?interval=12&for=alice.test") == "/tv?interval=12&for=alice.test")
        #expect(TVSettingsPage.back("/tv") == "/tv")
        for elsewhere in ["//evil.example/tv", "https://evil.example/tv", "/profile/alice.test", "/tvx", "/tv/settings", "/\\evil.example", nil] {
            #expect(TVSettingsPage.back(elsewhere) == "/tv", "\(elsewhere ?? "nil")")
        }
    }
}
