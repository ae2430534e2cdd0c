public import Foundation
public import HTMLTemplates
import ATProto
public import Viewing

/// The `tv` template's values for a story, or for a message when there is none to play.
/// Every link is a `/tv` address built by `TVRequest`, so the page works as plain links
/// and a meta refresh (no script) as well as for the script that plays it in place.
public struct TVPresenter: Sendable {
    /// How often a message page (nothing to play, Grain down, an unknown account) looks
    /// again, and how often the script refreshes the list of people.
    public static let refreshSeconds = 60

    public let request: TVRequest
    public let signer: MediaURLSigner
    public let now: Date
    /// The script plays this page in place, so it needs no meta refresh (see `TVPage`).
    public let scripted: Bool

    public func story(_ programme: TVProgramme) -> [String: TemplateValue] {
        let story = programme.story
        let author = story.creator
        let created = story.createdAt.date
        let position = "\(programme.index + 1) of \(programme.stories.count)"
        let person = "\(programme.personNumber) of \(programme.rotation.authors.count)"
        let place = story.placeLabel
        var alt = "Photo story by \(author.name), \(position), \(RelativeTime.long(from: created, now: now))"
        if let place { alt += ", at \(place)" }
        let here = TVRequest.Position(story)
        // Moving while paused stays paused (browsing by hand); the pause link plays again.
        let paused = request.paused
        let next = request.href(at: TVRequest.Position(programme.next), paused: paused)
        var values = common(title: "\(author.name) · TV")
        values["story"] = [
            "key": .string("\(here.did.rawValue)/\(here.rkey.rawValue)"),
            // A photo this server will not proxy gives no `<img>`, never `src=""`.
            "image": signer.path(for: story.fullsize).map(TemplateValue.string) ?? .null,
            "alt": .string(alt),
            "width": .int(story.aspectRatio.width),
            "height": .int(story.aspectRatio.height),
            "authorName": .string(author.name),
            "authorHandle": .string(author.shownHandle),
            "avatar": AvatarPresenter.value(url: author.avatar, name: author.name, signer: signer),
            "place": place.map(TemplateValue.string) ?? .null,
            "createdAt": .string(story.createdAt.rawValue),
            "time": .string(RelativeTime.long(from: created, now: now)),
            "position": .string(position),
            "person": .string(person),
            "status": .string("\(author.name), story \(position), person \(person)"),
        ]
        values["segments"] = .list(programme.stories.indices.map { index in
            ["state": .string(index < programme.index ? "done" : index == programme.index ? "current" : "upcoming")]
        })
        values["upNext"] = .list(programme.upNext.map { next in
            ["name": .string(next.profile.name), "avatar": AvatarPresenter.value(url: next.profile.avatar, name: next.profile.name, signer: signer)]
        })
        values["hasUpNext"] = .bool(!programme.upNext.isEmpty)
        values["selfHref"] = .string(request.href(at: here))
        values["nextHref"] = .string(next)
        values["previousHref"] = .string(request.href(at: TVRequest.Position(programme.previous), paused: paused))
        values["nextAuthorHref"] = .string(request.href(at: TVRequest.Position(programme.nextAuthor), paused: paused))
        values["previousAuthorHref"] = .string(request.href(at: TVRequest.Position(programme.previousAuthor), paused: paused))
        values["pauseHref"] = .string(request.href(at: here, paused: !paused))
        values["preloadImage"] = signer.path(for: programme.next.fullsize).map(TemplateValue.string) ?? .null
        values["refresh"] = scripted || paused ? .null : .string("\(request.interval);url=\(next)")
        return values
    }

    /// A page with words instead of a story, which looks again every minute.
    public func message(title: String, text: String) -> [String: TemplateValue] {
        var values = common(title: "\(title) · TV")
        values["message"] = ["title": .string(title), "text": .string(text)]
        values["selfHref"] = .string(request.href(at: request.at))
        values["refresh"] = scripted ? .null : .string(String(TVPresenter.refreshSeconds))
        return values
    }

    /// `tv`, the page's place in the 16-minute drift round (`tv-phase-N`, from the clock,
    /// so each new page carries on where the last one was), and `tv-is-paused`.
    private var mainClass: String {
        let phase = Int(now.timeIntervalSince1970 / 60) % 16
        return "tv tv-phase-\(phase)" + (request.paused ? " tv-is-paused" : "")
    }

    private func common(title: String) -> [String: TemplateValue] {
        [
            "title": .string(title),
            "mainClass": .string(mainClass),
            "interval": .int(request.interval),
            "refreshSeconds": .int(TVPresenter.refreshSeconds),
            "paused": .bool(request.paused),
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
            "forName": request.actor.map { .string($0.rawValue) } ?? .null,
        ]
    }

    public init(request: TVRequest, signer: MediaURLSigner, now: Date, scripted: Bool) {
        self.request = request
        self.signer = signer
        self.now = now
        self.scripted = scripted
    }
}
