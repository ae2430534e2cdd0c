import ATProto
package import FoundationEssentials
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

    package func story(_ programme: TVProgramme) -> TVPageModel {
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
        var shown = TVPageModel.Story(
            key: "\(here.did.rawValue)/\(here.rkey.rawValue)",
            // A photo this server will not proxy gives no `<img>`, never `src=""`.
            image: signer.path(for: story.fullsize), alt: alt,
            width: story.aspectRatio.width, height: story.aspectRatio.height,
            authorName: author.name, authorHandle: author.shownHandle,
            avatar: AvatarPresenter.model(url: author.avatar, name: author.name, signer: signer),
            place: place, createdAt: story.createdAt.rawValue, time: RelativeTime.long(from: created, now: now),
            position: position, person: person
        )
        shown.srcset = signer.srcset(for: story.fullsize, widths: MediaWidths.photos, original: MediaWidths.originalWidth)
        shown.sizes = ImageSizes.wholePhoto(story.aspectRatio, stage: false)
        let playing = TVPageModel.Playing(
            story: shown,
            segments: programme.stories.indices.map { index in
                index < programme.index ? "done" : index == programme.index ? "current" : "upcoming"
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
        return page(
            title: "\(author.name) · TV", selfHref: request.href(at: here),
            refresh: scripted || paused ? nil : "\(request.interval);url=\(next)", content: .playing(playing)
        )
    }

    /// A page with words instead of a story, which looks again every minute.
    package func message(title: String, text: String) -> TVPageModel {
        page(
            title: "\(title) · TV", selfHref: request.href(at: request.at),
            refresh: scripted ? nil : String(TVPresenter.refreshSeconds), content: .message(title: title, text: text)
        )
    }

    /// `tv`, the page's place in the 16-minute drift round (`tv-phase-N`, from the clock,
    /// so each new page carries on where the last one was), and `tv-is-paused`.
    private var mainClass: String {
        let phase = Int(now.timeIntervalSince1970 / 60) % 16
        return "tv tv-phase-\(phase)" + (request.paused ? " tv-is-paused" : "")
    }

    private func page(title: String, selfHref: String, refresh: String?, content: TVPageModel.Content) -> TVPageModel {
        TVPageModel(
            title: title, mainClass: mainClass, interval: request.interval, refreshSeconds: TVPresenter.refreshSeconds,
            paused: request.paused, forName: request.actor?.rawValue, selfHref: selfHref, refresh: refresh, content: content
        )
    }

    package init(request: TVRequest, signer: MediaURLSigner, now: Date, scripted: Bool) {
        self.request = request
        self.signer = signer
        self.now = now
        self.scripted = scripted
    }
}
