import ATProto
package import FoundationEssentials
import GrainSupport
package import Viewing

/// The `tv` page's model for a story, or for a message when there is none to play.
/// Every link is a `/tv` address built by `TVRequest`, so the page works as plain links
/// and a meta refresh (no script) as well as for the script that plays it in place.
package struct TVPresenter: Sendable {
    /// How often a message page (nothing to play, Grain down, an unknown account) looks
    /// again, and how often the script refreshes the list of people.
    package static let refreshSeconds = 60

    package let request: TVRequest
    package let signer: MediaURLSigner
    package let now: Date
    /// The script plays this page in place, so it needs no meta refresh (see `TVPage`).
    package let scripted: Bool
    /// The screen's clock, night hours, fading, shape and QR codes.
    package let screen: TVScreen

    /// Whether it is night on this screen now, and until when; nil without night hours.
    package var nightPhase: TVNightPhase? {
        screen.nightHours?.phase(at: now, in: screen.zone)
    }

    package func story(_ programme: TVProgramme) -> TVPageModel {
        let story = programme.story
        let person = "\(programme.personNumber) of \(programme.rotation.authors.count)"
        // A pair of one person's stories counts as both: "1–2 of 3".
        let sameAuthor = programme.partner?.creator.did == story.creator.did
        let last = sameAuthor ? programme.index + 1 : programme.index
        let position =
            last > programme.index ? "\(programme.index + 1)–\(last + 1) of \(programme.stories.count)" : "\(programme.index + 1) of \(programme.stories.count)"
        let here = TVRequest.Position(story)
        // Moving while paused stays paused (browsing by hand); the pause link plays again.
        let paused = request.paused
        let next = request.href(at: TVRequest.Position(programme.next), paused: paused)
        let partner = programme.partner.map { partner in
            frame(
                partner, position: sameAuthor ? position : "1 of \(max(1, programme.partnerCount))",
                person: sameAuthor ? person : "\((programme.rotation.index(of: partner.creator.did) ?? 0) + 1) of \(programme.rotation.authors.count)",
                paired: true)
        }
        let playing = TVPageModel.Playing(
            story: frame(story, position: position, person: person, paired: programme.partner != nil),
            partner: partner,
            segments: programme.stories.indices.map { index in
                index < programme.index ? "done" : index <= last ? "current" : "upcoming"
            },
            upNext: programme.upNext.map { next in
                TVPageModel.UpNext(name: next.profile.name, avatar: AvatarPresenter.model(url: next.profile.avatar, name: next.profile.name, signer: signer))
            },
            nextHref: next,
            previousHref: request.href(at: TVRequest.Position(programme.previous), paused: paused),
            nextAuthorHref: request.href(at: TVRequest.Position(programme.nextAuthor), paused: paused),
            previousAuthorHref: request.href(at: TVRequest.Position(programme.previousAuthor), paused: paused),
            pauseHref: request.href(at: here, paused: !paused),
            preloadImage: signer.path(for: programme.next.fullsize)
        )
        // Without the script, the next page comes after the interval, or when night
        // starts if that is sooner (that page is then the night's).
        let wait = min(request.interval, nightPhase.map { Self.secondsUntil($0.changesAt, from: now) } ?? request.interval)
        return page(
            title: "\(story.creator.name) · TV", selfHref: request.href(at: here),
            refresh: scripted || paused ? nil : "\(wait);url=\(next)", content: .playing(playing), pair: partner != nil
        )
    }

    /// One story on screen: its photo (with its sizes, for the whole screen or half of it
    /// when `paired`), who, where and when, its QR code.
    private func frame(_ story: StoryView, position: String, person: String, paired: Bool) -> TVPageModel.Story {
        let author = story.creator
        let created = story.createdAt.date
        let place = story.placeLabel
        var alt = "Photo story by \(author.name), \(position), \(RelativeTime.long(from: created, now: now))"
        if let place { alt += ", at \(place)" }
        let here = TVRequest.Position(story)
        var shown = TVPageModel.Story(
            key: "\(here.did.rawValue)/\(here.rkey.rawValue)",
            // A photo this server will not proxy gives no `<img>`, never `src=""`.
            image: signer.path(for: story.fullsize), alt: alt,
            width: story.aspectRatio.width, height: story.aspectRatio.height,
            authorName: author.name, authorHandle: author.shownHandle,
            avatar: AvatarPresenter.model(url: author.avatar, name: author.name, signer: signer),
            place: place, createdAt: story.createdAt.rawValue, time: RelativeTime.long(from: created, now: now),
            position: position, person: person, qr: screen.qrCodes ? Self.qrPath(story) : nil
        )
        shown.srcset = signer.srcset(for: story.fullsize, widths: MediaWidths.photos, original: MediaWidths.originalWidth)
        shown.sizes = paired ? ImageSizes.pairedPhoto(story.aspectRatio) : ImageSizes.wholePhoto(story.aspectRatio, stage: false)
        return shown
    }

    /// `/tv/qr/{handle or did}/{rkey}`: the QR code of the story's own page, named as
    /// every link names a person (`StoryLinks.actor`).
    static func qrPath(_ story: StoryView) -> String {
        let actor = StoryLinks.actor(did: story.creator.did, handle: story.creator.handle)
        return "/tv/qr/\(PercentEncoding.encodePathSegment(actor.rawValue))/\(PercentEncoding.encodePathSegment(story.rkey.rawValue))"
    }

    /// A page with words instead of a story, which looks again every minute.
    package func message(title: String, text: String) -> TVPageModel {
        page(
            title: "\(title) · TV", selfHref: request.href(at: request.at),
            refresh: scripted ? nil : String(TVPresenter.refreshSeconds), content: .message(title: title, text: text)
        )
    }

    /// Night hours: a dark page with the clock. Without the script it looks again at the
    /// next minute (so its clock stays right), and so at the minute night ends.
    package func night(until end: Date) -> TVPageModel {
        let nextMinute = 60 - zoneSecondsOfDay % 60
        let wait = min(nextMinute, Self.secondsUntil(end, from: now))
        return page(title: "Night · TV", selfHref: request.href(at: request.at), refresh: scripted ? nil : String(wait), content: .night)
    }

    /// Whole seconds from `now` to `date`, at least 1.
    static func secondsUntil(_ date: Date, from now: Date) -> Int {
        max(1, Int((date.timeIntervalSince(now)).rounded(.up)))
    }

    private var zoneSecondsOfDay: Int { screen.zone.localTime(at: now).secondsOfDay }

    /// The wall clock now, in the screen's time zone.
    private var clock: TVPageModel.Clock {
        let local = screen.zone.localTime(at: now)
        let (year, month, day) = local.date
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return TVPageModel.Clock(
            time: "\(two(local.hour)):\(two(local.minute))", date: "\(year)-\(two(month))-\(two(day))", instant: Timestamp.format(now))
    }

    /// `tv`, the page's place in the 16-minute drift round (`tv-phase-N`, from the clock,
    /// so each new page carries on where the last one was), `tv-is-paused`, `tv-pair`
    /// (two portraits side by side) and `tv-night`.
    private func mainClass(pair: Bool, night: Bool) -> String {
        let phase = Int(now.timeIntervalSince1970 / 60) % 16
        return "tv tv-phase-\(phase)" + (request.paused ? " tv-is-paused" : "") + (pair ? " tv-pair" : "") + (night ? " tv-night" : "")
    }

    private func page(title: String, selfHref: String, refresh: String?, content: TVPageModel.Content, pair: Bool = false) -> TVPageModel {
        let night = content == .night
        return TVPageModel(
            title: title, mainClass: mainClass(pair: pair, night: night), interval: request.interval, refreshSeconds: TVPresenter.refreshSeconds,
            paused: request.paused, forName: request.actor?.rawValue, selfHref: selfHref, refresh: refresh, content: content,
            clock: night || screen.clock ? clock : nil,
            nightChange: nightPhase.map { Int64(($0.changesAt.timeIntervalSince1970 * 1000).rounded()) }, fade: screen.fade, wide: screen.wide,
            timeZone: screen.zone.identifier, settingsHref: "/tv/settings?back=" + PercentEncoding.encodeComponent(selfHref)
        )
    }

    package init(request: TVRequest, signer: MediaURLSigner, now: Date, scripted: Bool, screen: TVScreen = TVScreen()) {
        self.request = request
        self.signer = signer
        self.now = now
        self.scripted = scripted
        self.screen = screen
    }
}
